/**
 * Whether an error means the database is out of reach for now (restarting, failing over,
 * refusing connections, or, on SQLite, locked by another writer past the busy timeout)
 * rather than a fault in this request: the client should try again shortly (503).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    // PostgreSQL: 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now; class 08 = connection exceptions.
    if (['57P01', '57P02', '57P03'].includes(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    // The socket to PostgreSQL (no one listening, reset, unreachable).
    if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN'].includes(code)) return true;
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') return true;
  }
  // pg's own errors carry no code: a connection that ended, a client left unusable by it, a connect timeout.
  if (typeof message === 'string' && /Connection terminated|not queryable|timeout exceeded when trying to connect/i.test(message)) return true;
  // Node reports a refused connection to several addresses as one AggregateError.
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return false;
}
