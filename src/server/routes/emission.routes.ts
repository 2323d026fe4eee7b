import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EmissionQuery, TicketDownloadQuery, WalletEmissionsResponse, WalletUrlRequest, WalletUrlResponse } from '../../shared/api';
import { answers } from '../http/api-schemas';
import { errors } from '../http/app-error';
import { limitedAs, rateLimited } from '../plugins/security';
import { purchasePdf } from '../fulfilment/outbox';
import type { PaymentsRuntime } from '../payments/runtime';
import { listTicketsOfPurchase } from '../repositories/emission.repository';
import { findPurchase, type PurchaseRow } from '../repositories/purchase.repository';
import { formatFolio } from '../fulfilment/emit-tickets';
import { hasPurchaseAccess, requestKey, ticketLinkToken, validTicketLinkToken } from '../services/access-keys';
import { passPagePath, passToken } from '../wallet/pass-token';
import { ticketsLive } from '../orders/statuses';

const idField = { type: 'string', minLength: 1, maxLength: 64 } as const;
/** A signed link's token (`{expiry}.{signature}`), for the URLs a new tab opens without the key header. */
const tokenField = { type: 'string', minLength: 1, maxLength: 128 } as const;
const ids = {
  type: 'object',
  additionalProperties: false,
  required: ['emission_id', 'purchase_id'],
  properties: { emission_id: idField, purchase_id: idField, token: tokenField },
} as const;

/**
 * Tickets after payment: the purchase's PDF, the list of its tickets for
 * the wallet dialog, and a per-ticket download URL. The ids are references that travel in
 * return URLs and reach support, so they open nothing by themselves: each call needs the
 * purchase's access key (X-Purchase-Key) or a short-lived link signed for it. A wrong
 * pair, a missing or wrong key, or a purchase no longer paid is a 404 like an unknown purchase.
 */
export async function emissionRoutes(app: FastifyInstance, { rt }: { rt: PaymentsRuntime }) {
  const db = rt.ctx.db.kysely;
  const base = rt.ctx.config.publicUrl ?? '';

  /** The purchase, when the request may open its tickets: its key, or a link signed for `linkScope`. */
  async function openablePurchase(request: FastifyRequest, purchaseId: string, linkScope: string, token?: string): Promise<PurchaseRow> {
    const purchase = await findPurchase(db, purchaseId);
    // Only a paid purchase's tickets open: one called off since (refunded, charged back) is not found, like its passes.
    if (!purchase?.emission_id || !ticketsLive(purchase.status)) throw errors.emissionNotFound();
    const signed = token !== undefined && validTicketLinkToken(rt.ctx, purchase.id, linkScope, token);
    if (!signed && !(await hasPurchaseAccess(db, purchase.id, requestKey(request)))) throw errors.emissionNotFound();
    return purchase;
  }

  async function paidPurchase(request: FastifyRequest, emissionId: string, purchaseId: string, token?: string): Promise<PurchaseRow> {
    const purchase = await openablePurchase(request, purchaseId, 'all', token);
    if (purchase.emission_id !== emissionId) throw errors.emissionNotFound();
    return purchase;
  }

  app.get<{ Querystring: EmissionQuery }>(
    '/api/emissions/download/all',
    { schema: { querystring: ids }, config: limitedAs(rt.ctx.config, 'pdf') },
    async (request, reply) => {
      const purchase = await paidPurchase(request, request.query.emission_id, request.query.purchase_id, request.query.token);
      const pdf = await purchasePdf(db, purchase);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="compra_${purchase.id}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get<{ Querystring: EmissionQuery; Reply: WalletEmissionsResponse }>(
    '/api/emissions/obtener/wallet',
    { schema: { querystring: ids, response: answers('wallet-emissions') }, config: rateLimited },
    async (request, reply) => {
      const purchase = await paidPurchase(request, request.query.emission_id, request.query.purchase_id);
      const tickets = await listTicketsOfPurchase(db, purchase.id);
      reply.header('cache-control', 'private, no-store');
      return { emisiones: tickets.map((t) => ({ id: t.id, name: t.ticket_type_name, serial: formatFolio(t.folio) })) };
    },
  );

  // A ticket's id (from obtener/wallet) → its pass page, whose URL carries the ticket's own token (wallet/pass-token.ts).
  // The emission's own id still answers with the whole purchase's PDF, as before passes existed.
  app.post<{ Body: WalletUrlRequest; Reply: WalletUrlResponse }>(
    '/api/emissions/download/wallet',
    { schema: { body: { $ref: 'api/emission.request#' }, response: answers('emission') }, config: rateLimited },
    async (request, reply) => {
      const purchase = await openablePurchase(request, request.body.purchase_id, 'all');
      reply.header('cache-control', 'private, no-store');
      if (request.body.emission_id === purchase.emission_id) {
        const query = new URLSearchParams({ emission_id: purchase.emission_id, purchase_id: purchase.id, token: ticketLinkToken(rt.ctx, purchase.id, 'all') });
        return { url: `${base}/api/emissions/download/all?${query}` };
      }
      const ticket = (await listTicketsOfPurchase(db, purchase.id)).find((t) => t.id === request.body.emission_id);
      if (!ticket) throw errors.emissionNotFound();
      return { url: `${base}${passPagePath(ticket.id, passToken(rt.ctx.config.signingSecret, ticket.id))}` };
    },
  );

  app.get<{ Querystring: TicketDownloadQuery }>(
    '/api/emissions/download/ticket',
    {
      schema: {
        querystring: {
          type: 'object', additionalProperties: false, required: ['ticket_id', 'purchase_id'],
          properties: { ticket_id: idField, purchase_id: idField, token: tokenField },
        },
      },
      config: limitedAs(rt.ctx.config, 'pdf'),
    },
    async (request, reply) => {
      const purchase = await openablePurchase(request, request.query.purchase_id, request.query.ticket_id, request.query.token);
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
