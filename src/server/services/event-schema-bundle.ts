import { EVENT_FILE_SCHEMAS, EVENT_FILE_SCHEMA_ID } from '../../shared/event-file/event-file-schemas';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The schemas of schemas/event by the file name their `$ref`s use (`ticket-type.schema.json`). */
const byFileName = new Map<string, Json>(EVENT_FILE_SCHEMAS.map((schema) => [schema.$id.slice(schema.$id.lastIndexOf('/') + 1), schema as unknown as Json]));

/** A copy of `node` with every `$ref` to another file of schemas/event replaced by that schema (its `$id` and `$schema` left out). */
function inline(node: Json, seen: string[]): Json {
  if (Array.isArray(node)) return node.map((item) => inline(item, seen));
  if (node === null || typeof node !== 'object') return node;
  const ref = node.$ref;
  if (typeof ref === 'string' && byFileName.has(ref)) {
    if (seen.includes(ref)) throw new Error(`schemas/event: ${ref} refers to itself; it cannot be inlined`);
    const { $id: _id, $schema: _schema, ...target } = byFileName.get(ref) as { [key: string]: Json };
    const { $ref: _ref, ...beside } = node;
    return { ...(inline(target, [...seen, ref]) as { [key: string]: Json }), ...beside };
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inline(value, seen)]));
}

let bundled: Json | undefined;

/**
 * The event file's JSON Schema as one document with no `$ref` left (the files of schemas/event refer to each
 * other by file name, which a browser's form renderer could not fetch): what the console's editor renders.
 */
export function eventFileSchemaBundle(): Json {
  bundled ??= inline(EVENT_FILE_SCHEMAS.find((schema) => schema.$id === EVENT_FILE_SCHEMA_ID) as unknown as Json, []);
  return bundled;
}
