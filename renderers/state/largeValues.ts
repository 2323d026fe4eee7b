/** Top-level string answers at least this long (images as data URLs) are kept by reference. */
export const LARGE_VALUE_LENGTH = 4096;

/** A stand-in no one can type (it starts with NUL), unknown to the server if it ever leaked. */
const HANDLE_PREFIX = '\u0000large:';

/** True when `value` is a stand-in for a large value. */
export function isLargeHandle(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(HANDLE_PREFIX);
}

/**
 * Keeps large answers (a 2 MB photo is a 2.7 MB data URL) out of rjsf's form data: rjsf
 * structured-clones its whole data on every change, which with a photo costs tens of
 * milliseconds per keystroke in that attendee block. rjsf sees a short handle; the page
 * (validation, draft, submit) sees the real value through `resolve`.
 */
export class LargeValues {
  private readonly byHandle = new Map<string, string>();
  private next = 0;

  /** A handle for a large string; short strings and other values come back as they are. */
  intern<V>(value: V): V | string {
    if (typeof value !== 'string' || value.length < LARGE_VALUE_LENGTH) return value;
    this.next += 1;
    const handle = `${HANDLE_PREFIX}${this.next}`;
    this.byHandle.set(handle, value);
    return handle;
  }

  /** The real value behind a handle (anything else as it is). */
  resolve(value: unknown): unknown {
    return isLargeHandle(value) ? (this.byHandle.get(value) ?? '') : value;
  }

  /** The object with its top-level large strings replaced by handles. */
  internObject<T>(data: T): T {
    if (!isPlainObject(data)) return data;
    return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, this.intern(value)])) as T;
  }

  /** The object with its handles replaced by the real values (the strings are shared, not copied). */
  resolveObject<T>(data: T): T {
    if (!isPlainObject(data) || !Object.values(data).some(isLargeHandle)) return data;
    return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, this.resolve(value)])) as T;
  }

  /** Forgets values no longer referenced by `data` (a replaced or removed photo). */
  keepOnly(data: unknown): void {
    const used = new Set(isPlainObject(data) ? Object.values(data).filter(isLargeHandle) : []);
    for (const handle of [...this.byHandle.keys()]) if (!used.has(handle)) this.byHandle.delete(handle);
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
