import { EVENT_FILE_SCHEMAS, EVENT_FILE_SCHEMA_ID } from '../../shared/event-file/event-file-schemas';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The schemas of schemas/event by the file name their `$ref`s use (`ticket-type.schema.json`). */
const byFileName = new Map<string, Json>(EVENT_FILE_SCHEMAS.map((schema) => [schema.$id.slice(schema.$id.lastIndexOf('/') + 1), schema as unknown as Json]));

/** A file's own `definitions` (what its local `#/definitions/…` refs name). */
type Definitions = { [key: string]: Json };
const LOCAL = '#/definitions/';

/**
 * A copy of `node` with every `$ref` replaced by what it names: another file of schemas/event (its `$id` and
 * `$schema` left out), or a local `#/definitions/…` of the file the node is in.
 */
function inline(node: Json, seen: string[], definitions: Definitions): Json {
  if (Array.isArray(node)) return node.map((item) => inline(item, seen, definitions));
  if (node === null || typeof node !== 'object') return node;
  const ref = node.$ref;
  const { $ref: _ref, ...beside } = node;
  if (typeof ref === 'string' && byFileName.has(ref)) {
    if (seen.includes(ref)) throw new Error(`schemas/event: ${ref} refers to itself; it cannot be inlined`);
    const { $id: _id, $schema: _schema, ...target } = byFileName.get(ref) as { [key: string]: Json };
    return { ...(inline(target, [...seen, ref], (target.definitions ?? {}) as Definitions) as { [key: string]: Json }), ...beside };
  }
  if (typeof ref === 'string' && ref.startsWith(LOCAL) && definitions[ref.slice(LOCAL.length)] !== undefined) {
    if (seen.includes(ref)) throw new Error(`schemas/event: ${ref} refers to itself; it cannot be inlined`);
    return { ...(inline(definitions[ref.slice(LOCAL.length)], [...seen, ref], definitions) as { [key: string]: Json }), ...beside };
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inline(value, seen, definitions)]));
}

let bundled: Json | undefined;

/**
 * The event file's JSON Schema as one document with no `$ref` left (the files of schemas/event refer to each
 * other by file name, which a browser's form renderer could not fetch): what the console's editor renders.
 */
export function eventFileSchemaBundle(): Json {
  const root = EVENT_FILE_SCHEMAS.find((schema) => schema.$id === EVENT_FILE_SCHEMA_ID) as unknown as { [key: string]: Json };
  bundled ??= inline(root, [], (root.definitions ?? {}) as Definitions);
  return bundled;
}
