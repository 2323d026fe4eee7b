/** `GET /api/health` (liveness): the process is up and its event loop answers; nothing else is asked. */
export interface HealthResponse {
  status: 'ok';
}

/**
 * `GET /api/ready` (readiness): the database answers and has every migration this code knows.
 * Otherwise 503 `{ mensaje, code }`: `DATABASE_UNAVAILABLE`, `MIGRATIONS_PENDING`, or
 * `SHUTTING_DOWN` once the process has been told to stop.
 */
export interface ReadyResponse {
  status: 'ready';
}
