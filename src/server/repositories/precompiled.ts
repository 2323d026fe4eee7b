import type { Compilable, CompiledQuery, Kysely, QueryResult, RawBuilder } from 'kysely';
import type { Database } from '../db/schema';

/**
 * A query of the purchase hot path built and compiled by Kysely once per dialect, then executed
 * with each call's values. Building and compiling a query costs more CPU than SQLite takes to run
 * it (a third of a purchase's CPU in the profile, docs/decisions/012-on-sale-holds.md); the SQL
 * text never changes between calls, only the parameters do.
 *
 * `build` receives a stand-in for every named parameter; each stand-in must reach the compiled
 * query as one bound parameter (a plain value in `where`, `values`, `set`, `limit`, `sql`…, never
 * an `in` list, whose length changes the SQL). Constants written in `build` stay as they were.
 */
export function precompiled<P extends Record<string, unknown>, R = unknown>(
  names: readonly (keyof P & string)[],
  build: (db: Kysely<Database>, params: P) => Compilable<R> | RawBuilder<R>,
): (db: Kysely<Database>, params: P) => Promise<QueryResult<R>> {
  // One compiled form per dialect (the adapter's class: SQLite `?`, PostgreSQL `$1`), shared by
  // every database and transaction of that dialect.
  const byDialect = new Map<unknown, { compiled: CompiledQuery<R>; slots: ({ name: string } | { value: unknown })[] }>();
  const standIns = Object.fromEntries(names.map((name) => [name, `\u0000precompiled:${name}\u0000`])) as unknown as P;
  const nameOf = new Map(names.map((name) => [standIns[name] as unknown, name]));

  return (db, params) => {
    const dialect = db.getExecutor().adapter.constructor;
    let entry = byDialect.get(dialect);
    if (!entry) {
      const compiled = build(db, standIns).compile(db);
      const slots = compiled.parameters.map((value) => (nameOf.has(value) ? { name: nameOf.get(value)! } : { value }));
      const unused = names.filter((name) => !slots.some((slot) => 'name' in slot && slot.name === name));
      if (unused.length > 0) throw new Error(`precompiled query does not bind ${unused.join(', ')}: ${compiled.sql}`);
      entry = { compiled, slots };
      byDialect.set(dialect, entry);
    }
    const { compiled, slots } = entry;
    return db.executeQuery<R>({
      query: compiled.query,
      queryId: compiled.queryId,
      sql: compiled.sql,
      parameters: slots.map((slot) => ('name' in slot ? params[slot.name] : slot.value)),
    });
  };
}

/** The rows a precompiled update or delete changed (SQLite and PostgreSQL both report it). */
export function affectedRows(result: QueryResult<unknown>): number {
  return Number(result.numAffectedRows ?? 0);
}
