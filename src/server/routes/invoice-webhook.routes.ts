import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { handleInvoiceWebhook } from '../invoicing/provider-webhook';
import { keepRawJsonBodies } from '../payments/routes/webhook.routes';
import { limitedAs } from '../plugins/security';

/** `POST /api/webhooks/facturapi`: the PAC's invoice status events (docs/invoicing.md), the raw body kept for its signature. */
export async function invoiceWebhookRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  keepRawJsonBodies(app);
  app.post<{ Body: unknown }>('/api/webhooks/facturapi', { config: limitedAs(ctx.config, 'webhook') }, async (request) => {
    const signature = request.headers['facturapi-signature'];
    return handleInvoiceWebhook(ctx, (request as unknown as { rawBody?: string }).rawBody ?? '', typeof signature === 'string' ? signature : undefined, request.log);
  });
}
