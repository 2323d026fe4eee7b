import type { FastifyReply } from 'fastify';

/** A plain 404 for a path under the sandbox that names nothing it has (a script, a field type, a charge). */
export function notFound(reply: FastifyReply): FastifyReply {
  return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
}
