/** The parts of a JSON Schema node the shape check reads. */
interface ShapeNode {
  properties?: Record<string, unknown>;
  additionalProperties?: unknown;
  items?: unknown;
  type?: unknown;
  maxItems?: number;
  errorMessage?: unknown;
}

/** Where data is larger than its schema allows (an unknown key, or a list), and the message the schema gives that problem. */
export interface ShapeProblem {
  pointer: string;
  message: string | undefined;
}

const escapePointerToken = (token: string): string => token.replace(/~/g, '~0').replace(/\//g, '~1');

/** The node's ajv-errors message for `keyword`, if it names one. */
function messageFor(node: ShapeNode, keyword: 'additionalProperties' | 'maxItems'): string | undefined {
  const messages = node.errorMessage;
  if (typeof messages === 'string') return messages;
  const message = messages && typeof messages === 'object' ? (messages as Record<string, unknown>)[keyword] : undefined;
  return typeof message === 'string' ? message : undefined;
}

/**
 * The first place where `data` is certainly larger than `schema` allows: an object with more keys
 * than its closed schema (`additionalProperties: false`) declares (pointing at its first unknown
 * key), or a list of objects longer than its `maxItems`. Such data is invalid whatever else it holds, so a
 * validator reports this one problem instead of one error per extra key or item: its time is
 * bounded by the schema, not by the data. Follows `properties` and `items` only; null when
 * nothing is oversized.
 */
export function oversizedShape(schema: unknown, data: unknown, pointer = ''): ShapeProblem | null {
  if (!schema || typeof schema !== 'object' || data === null || typeof data !== 'object') return null;
  const node = schema as ShapeNode;
  if (Array.isArray(data)) {
    if (!node.items || typeof node.items !== 'object' || Array.isArray(node.items)) return null;
    // A list of records (attendee blocks), not an answer's list of choices, whose length is a field's own error.
    const ofRecords = (node.items as ShapeNode).type === 'object';
    if (ofRecords && typeof node.maxItems === 'number' && data.length > node.maxItems) return { pointer, message: messageFor(node, 'maxItems') };
    for (let index = 0; index < data.length; index++) {
      const found = oversizedShape(node.items, data[index], `${pointer}/${index}`);
      if (found) return found;
    }
    return null;
  }
  const properties = node.properties ?? {};
  const keys = Object.keys(data);
  if (node.additionalProperties === false && keys.length > Object.keys(properties).length) {
    // More keys than declared: at least one is unknown, and the first is where ajv would point.
    const unknown = keys.find((key) => !Object.hasOwn(properties, key))!;
    return { pointer: `${pointer}/${escapePointerToken(unknown)}`, message: messageFor(node, 'additionalProperties') };
  }
  for (const [key, propertySchema] of Object.entries(properties)) {
    if (!Object.hasOwn(data, key)) continue;
    const found = oversizedShape(propertySchema, (data as Record<string, unknown>)[key], `${pointer}/${escapePointerToken(key)}`);
    if (found) return found;
  }
  return null;
}
