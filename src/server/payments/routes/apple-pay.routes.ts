import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config';

/** APPLE_PAY_DOMAIN_ASSOCIATION is the file's path when such a file exists, else the file's content itself. */
export function appleDomainAssociation(config: ServerConfig): string | undefined {
  const value = config.stripe.appleDomainAssociation;
  if (!value) return undefined;
  return existsSync(value) ? readFileSync(value, 'utf8') : value;
}

/**
 * Apple Pay on the web only shows its button on a domain the merchant registered: Apple (through
 * Stripe) fetches this file from the domain to check it. Served only when configured (404 otherwise).
 */
export async function applePayRoutes(app: FastifyInstance, { config }: { config: ServerConfig }) {
  const association = appleDomainAssociation(config);
  if (association === undefined) return;
  app.get('/.well-known/apple-developer-merchantid-domain-association', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(association),
  );
}
