/**
 * Logs reach more people, and live longer, than the database; they carry no personal data.
 * Log calls name purchases and attempts by id only. This serializer is the safety net for
 * what they cannot control: the text of an error (an SMTP server rejecting
 * "<ana@example.mx>", a provider's error body listing the payer), whose e-mail addresses
 * and phone numbers are masked, and whose attached response bodies are left out.
 */
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
// Ten or more digits, optionally grouped (+52 55 1234 5678): phone numbers; ids of our own are UUIDs or shorter.
const PHONE = /\+?\d(?:[\s-]?\d){9,}/g;

export function redactPersonalData(text: string): string {
  return text.replace(EMAIL, '[correo]').replace(PHONE, '[teléfono]');
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
