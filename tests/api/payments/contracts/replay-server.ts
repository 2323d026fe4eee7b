import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

/** One recorded exchange: what the adapter is expected to ask, and what the provider answered. */
export interface Interaction {
  name: string;
  request: { method: string; path: string };
  response: { status: number; headers?: Record<string, string>; body: unknown };
}

export interface ReceivedRequest {
  name: string | null;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: any;
}

export interface ReplayServer {
  url: string;
  /** Values substituted for `{{name}}` in recorded responses (ids our side generates, such as the attempt id). */
  vars: Record<string, string>;
  received: ReceivedRequest[];
  /** The requests that matched the interaction `name`. */
  calls: (name: string) => ReceivedRequest[];
  close: () => Promise<void>;
}

/**
 * `{{name}}` takes a var; `{{request.field}}` a top-level field of the request's JSON body
 * (ids our side generates inside the very call being answered, such as a card payment's
 * `external_reference`).
 */
function fill(value: unknown, vars: Record<string, string>): unknown {
  if (typeof value === 'string') return value.replace(/\{\{([\w.]+)\}\}/g, (_, key: string) => vars[key] ?? `{{${key}}}`);
  if (Array.isArray(value)) return value.map((v) => fill(v, vars));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, vars)]));
  return value;
}

/**
 * A loopback HTTP server that replays a provider's recorded answers. Interactions with the
 * same method and path are answered in order (the last one repeats); every request is kept,
 * so a test asserts exactly what the adapter sent: path, auth headers, idempotency keys, body.
 * Anything not recorded is answered 501, which the adapter must surface as a provider error.
 */
export async function startReplayServer(interactions: Interaction[]): Promise<ReplayServer> {
  const used = new Set<Interaction>();
  const vars: Record<string, string> = {};
  const received: ReceivedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      const candidates = interactions.filter((i) => i.request.method === req.method && (i.request.path === path || i.request.path === path.split('?')[0]));
      const match = candidates.find((i) => !used.has(i)) ?? candidates.at(-1);
      let json: unknown = null;
      try {
        json = body ? JSON.parse(body) : null;
      } catch {
        json = null;
      }
      received.push({ name: match?.name ?? null, method: req.method ?? '', path, headers: req.headers, body, json });
      if (!match) {
        res.writeHead(501, { 'content-type': 'application/json' }).end(JSON.stringify({ error: `no recorded interaction for ${req.method} ${path}` }));
        return;
      }
      used.add(match);
      const requestVars: Record<string, string> = {};
      if (json && typeof json === 'object') {
        for (const [key, field] of Object.entries(json)) if (typeof field === 'string' || typeof field === 'number') requestVars[`request.${key}`] = String(field);
      }
      res.writeHead(match.response.status, { 'content-type': 'application/json', ...match.response.headers }).end(JSON.stringify(fill(match.response.body, { ...vars, ...requestVars })));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    vars,
    received,
    calls: (name) => received.filter((r) => r.name === name),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
