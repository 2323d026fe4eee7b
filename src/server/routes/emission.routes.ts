import type { FastifyInstance } from 'fastify';
import { errors } from '../http/app-error';
import { limitedAs, rateLimited } from '../plugins/security';
import { purchasePdf } from '../fulfilment/outbox';
import type { PaymentsRuntime } from '../payments/runtime';
import { listTicketsOfPurchase } from '../repositories/emission.repository';
import { findPurchase, type PurchaseRow } from '../repositories/purchase.repository';
import { formatFolio } from '../fulfilment/emit-tickets';

const ids = {
  type: 'object',
  additionalProperties: false,
  required: ['emission_id', 'purchase_id'],
  properties: { emission_id: { type: 'string', minLength: 1, maxLength: 64 }, purchase_id: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

/**
 * Tickets after payment (spec section 7): the purchase's PDF, the list of its tickets for
 * the wallet dialog, and a per-ticket download URL. Only the pair (emission_id,
 * purchase_id) of one purchase opens them: both are unguessable ids, and a wrong pair is
 * a 404 like an unknown one.
 */
export async function emissionRoutes(app: FastifyInstance, { rt }: { rt: PaymentsRuntime }) {
  const db = rt.ctx.db.kysely;

  async function paidPurchase(emissionId: string, purchaseId: string): Promise<PurchaseRow> {
    const purchase = await findPurchase(db, purchaseId);
    if (!purchase || !purchase.emission_id || purchase.emission_id !== emissionId) throw errors.emissionNotFound();
    return purchase;
  }

  app.get<{ Querystring: { emission_id: string; purchase_id: string } }>(
    '/api/emissions/download/all',
    { schema: { querystring: ids }, config: limitedAs(rt.ctx.config, 'pdf') },
    async (request, reply) => {
      const purchase = await paidPurchase(request.query.emission_id, request.query.purchase_id);
      const pdf = await purchasePdf(db, purchase);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="compra_${purchase.id}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get<{ Querystring: { emission_id: string; purchase_id: string } }>(
    '/api/emissions/obtener/wallet',
    { schema: { querystring: ids }, config: rateLimited },
    async (request, reply) => {
      const purchase = await paidPurchase(request.query.emission_id, request.query.purchase_id);
      const tickets = await listTicketsOfPurchase(db, purchase.id);
      reply.header('cache-control', 'private, no-store');
      return { emisiones: tickets.map((t) => ({ id: t.id, name: t.ticket_type_name, serial: formatFolio(t.folio) })) };
    },
  );

  // No wallet passes yet (a later issue): the URL opens that ticket's own PDF page, which is what a pass would carry.
  app.post<{ Body: { emission_id: string; purchase_id: string } }>(
    '/api/emissions/download/wallet',
    { schema: { body: { $ref: 'api/emission.request#' } }, config: rateLimited },
    async (request) => {
      const purchase = await findPurchase(db, request.body.purchase_id);
      if (!purchase?.emission_id) throw errors.emissionNotFound();
      const tickets = await listTicketsOfPurchase(db, purchase.id);
      const base = `${rt.ctx.config.publicUrl ?? ''}/api/emissions/download/ticket`;
      if (request.body.emission_id === purchase.emission_id) {
        return { url: `${rt.ctx.config.publicUrl ?? ''}/api/emissions/download/all?emission_id=${purchase.emission_id}&purchase_id=${purchase.id}` };
      }
      const ticket = tickets.find((t) => t.id === request.body.emission_id);
      if (!ticket) throw errors.emissionNotFound();
      return { url: `${base}?ticket_id=${ticket.id}&purchase_id=${purchase.id}` };
    },
  );

  app.get<{ Querystring: { ticket_id: string; purchase_id: string } }>(
    '/api/emissions/download/ticket',
    {
      schema: {
        querystring: {
          type: 'object', additionalProperties: false, required: ['ticket_id', 'purchase_id'],
          properties: { ticket_id: { type: 'string', minLength: 1, maxLength: 64 }, purchase_id: { type: 'string', minLength: 1, maxLength: 64 } },
        },
      },
      config: limitedAs(rt.ctx.config, 'pdf'),
    },
    async (request, reply) => {
      const purchase = await findPurchase(db, request.query.purchase_id);
      if (!purchase?.emission_id) throw errors.emissionNotFound();
      const ticket = (await listTicketsOfPurchase(db, purchase.id)).find((t) => t.id === request.query.ticket_id);
      if (!ticket) throw errors.emissionNotFound();
      const pdf = await purchasePdf(db, purchase, ticket.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="boleto_${formatFolio(ticket.folio)}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
