import type { FastifyInstance } from 'fastify';
import { errors } from '../../http/app-error';
import type { PaymentsRuntime } from '../runtime';
import { limitedAs } from '../../plugins/security';
import { handleWebhook } from '../webhook';

const PROVIDERS = ['mercadopago', 'paypal', 'fintoc', 'openpay', 'stripe'] as const;
type WebhookProvider = (typeof PROVIDERS)[number];

/** Inside the calling plugin, JSON bodies are kept as received (`rawBody`) next to their parsed form: signatures cover the exact bytes. */
export function keepRawJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (request, body, done) => {
    (request as unknown as { rawBody: string }).rawBody = String(body);
    try {
      done(null, JSON.parse(String(body)));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}

/**
 * POST /api/webhooks/{provider}: deliveries from MercadoPago, PayPal, Fintoc and Stripe (and
 * from a stand-in, which signs the same way), their raw bodies kept for the signatures.
 */
export async function webhookRoutes(app: FastifyInstance, { rt }: { rt: PaymentsRuntime }) {
  keepRawJsonBodies(app);

  app.post<{ Params: { provider: string }; Querystring: Record<string, string> }>(
    '/api/webhooks/:provider',
    {
      schema: { params: { type: 'object', properties: { provider: { type: 'string', maxLength: 40 } }, required: ['provider'] } },
      config: limitedAs(rt.ctx.config, 'webhook'),
    },
    async (request) => {
      const provider = request.params.provider as WebhookProvider;
      if (!PROVIDERS.includes(provider)) throw errors.notFound();
      const rawBody = (request as unknown as { rawBody?: string }).rawBody ?? '';
      return handleWebhook(rt, provider, { headers: request.headers, rawBody, query: request.query ?? {} });
    },
  );
}
