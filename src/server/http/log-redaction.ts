/**
 * Logs reach more people, and live longer, than the database; they carry no personal data.
 * Log calls name purchases and attempts by id only. This serializer is the safety net for
 * what they cannot control: the text of an error (an SMTP server rejecting
 * "<ana@example.mx>", a provider's error body listing the payer), whose e-mail addresses and
 * the values of personal fields (by the field's name: e-mail, names, phone, address, answers…)
 * are masked, and whose attached response bodies are left out. Numbers are judged by the field
 * they stand in, never by their digits: a payment id (MercadoPago's are 10+ digits) stays, so a
 * failed refund can be traced.
 */
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const PERSONAL_FIELDS = [
  'e-?mail', 'email_address', 'correo', 'mail',
  'name', 'nombre', 'first_name', 'last_name', 'given_name', 'surname', 'full_name', 'apellidos?', 'cardholder_name', 'holder_name',
  'phone', 'phone_number', 'tel', 'telefono', 'teléfono', 'mobile', 'celular',
  'address', 'direccion', 'dirección', 'street_name', 'zip_code', 'identification', 'curp', 'rfc',
  'answers', 'attendee_answers', 'respuestas', 'form', 'buyer_info',
].join('|');
/** A personal field's name followed by `:` or `=` (JSON, `key: value` text, a query string), quoted or not. */
const FIELD = new RegExp(`(?<![\\w.-])(["']?)(?:${PERSONAL_FIELDS})\\1\\s*[:=]\\s*`, 'giu');
const MASK = '[redactado]';

/** Where the value starting at `start` ends: a whole JSON object/array or string, else the text up to a separator. */
function valueEnd(text: string, start: number): number {
  const first = text[start];
  if (first === '"' || first === "'") {
    let i = start + 1;
    while (i < text.length && text[i] !== first) i += text[i] === '\\' ? 2 : 1;
    return Math.min(i + 1, text.length);
  }
  if (first === '{' || first === '[') {
    let depth = 0;
    let quote: string | null = null;
    for (let i = start; i < text.length; i++) {
      const c = text[i];
      if (quote) {
        if (c === '\\') i++;
        else if (c === quote) quote = null;
      } else if (c === '"') quote = c;
      else if (c === '{' || c === '[') depth++;
      else if ((c === '}' || c === ']') && --depth === 0) return i + 1;
    }
    return text.length;
  }
  const stop = /[,;&\n\r)}\]]/.exec(text.slice(start));
  return stop ? start + stop.index : text.length;
}

export function redactPersonalData(text: string): string {
  let out = '';
  let from = 0;
  for (const match of text.matchAll(FIELD)) {
    if (match.index < from) continue;
    const start = match.index + match[0].length;
    const end = valueEnd(text, start);
    if (end === start) continue;
    out += text.slice(from, start) + MASK;
    from = end;
  }
  return (out + text.slice(from)).replace(EMAIL, '[correo]');
}

interface SerializedError { type: string; message: string; stack?: string; code?: unknown; statusCode?: unknown; status?: unknown; provider?: unknown; cause?: SerializedError }

/** The `err` serializer for the app's logger: type, message, stack and codes, with personal data masked. */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: redactPersonalData(String(error)) };
  const { code, statusCode, status, provider } = error as Error & Record<string, unknown>;
  const out: SerializedError = { type: error.name, message: redactPersonalData(error.message), stack: error.stack && redactPersonalData(error.stack) };
  for (const [key, value] of Object.entries({ code, statusCode, status, provider })) if (value !== undefined) (out as unknown as Record<string, unknown>)[key] = value;
  if (error.cause !== undefined && depth < 3) out.cause = serializeError(error.cause, depth + 1);
  return out;
}
