/**
 * A buyer-supplied string made fit for one line of an e-mail (a header, or a line of the body):
 * control characters (CR, LF, tabs, NUL…) and Unicode line/paragraph separators become single
 * spaces, so a name like "Ana\r\nBcc: x" can never start a line of its own that reads as a header.
 */
export function oneLine(value: string): string {
  return value
    .replace(/[\p{Cc}\u2028\u2029\u0085]+/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}
