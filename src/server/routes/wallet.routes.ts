import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { messageLanguage } from '../../shared/accept-language';
import { limitedAs, rateLimited } from '../plugins/security';
import { ticketLinkToken } from '../services/access-keys';
import { buildApplePass } from '../wallet/apple-pass';
import { publicOrigin } from '../http/public-origin';
import { appleSigning, appleWalletMode } from '../wallet/apple-signing';
import { passWebService } from '../wallet/apple-pass-service';
import { findRevocation } from '../repositories/ticket-revocation.repository';
import { loadTicketPass } from '../wallet/load-ticket-pass';
import { passNotFoundHtml, passPageHtml, type WalletLinks } from '../wallet/pass-page';
import { applePassPath, validPassToken } from '../wallet/pass-token';
import type { GoogleWallet } from '../wallet/google-wallet';
import type { TicketPass } from '../wallet/ticket-pass';

interface PassParams { ticketId: string; token: string }

/** Longer than any ticket id or token we issue; anything that fits is simply looked up and refused when wrong. */
const params = {
  type: 'object',
  additionalProperties: false,
  required: ['ticketId', 'token'],
  properties: { ticketId: { type: 'string', minLength: 1, maxLength: 100 }, token: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

/**
 * A ticket's pass page and its phone-wallet passes, opened by the URL the wallet dialog hands out
 * (`POST /api/emissions/download/wallet`). The URL's token is the only key: no header, since a new
 * tab or a phone's wallet sends none. Anything that opens no ticket is the same 404 page. Nothing
 * is cached on the way (`no-store`), and the token is never sent on as a Referer. A wallet that is
 * off (no keys, no stand-in) has no button, and the Apple pass route does not exist then.
 */
export async function walletRoutes(app: FastifyInstance, { ctx, googleWallet }: { ctx: AppContext; googleWallet: GoogleWallet | undefined }) {
  const db = ctx.db.kysely;
  // A half-set live configuration stops the start; the signing material itself (the demo's test chain
  // is two RSA keys and two certificates on first use) is made or read when a pass is first asked for.
  const appleMode = appleWalletMode(ctx.config);

  const origin = () => publicOrigin(ctx.config, app);

  async function openPass(request: FastifyRequest<{ Params: PassParams }>, reply: FastifyReply): Promise<TicketPass | undefined> {
    reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex');
    const { ticketId, token } = request.params;
    const valid = validPassToken(ctx.config.signingSecret, ticketId, token);
    const pass = valid ? await loadTicketPass(db, ticketId, { origin: origin() }) : undefined;
    if (!pass) {
      // Only the ticket's own link learns that it was revoked; any other answer is the same "not found".
      const revoked = valid && (await findRevocation(db, ticketId)) !== undefined;
      reply.code(404).type('text/html; charset=utf-8').send(passNotFoundHtml(messageLanguage(request.headers['accept-language']), revoked));
    }
    return pass;
  }

  app.get<{ Params: PassParams }>('/api/wallet/passes/:ticketId/:token', { schema: { params }, config: rateLimited }, async (request, reply) => {
    const pass = await openPass(request, reply);
    if (!pass) return reply;
    const { ticketId, token } = request.params;
    // The PDF link is signed afresh on every view (short-lived, like the other signed ticket links); the page itself is never cached.
    const pdf = `/api/emissions/download/ticket?${new URLSearchParams({ ticket_id: pass.ticketId, purchase_id: pass.purchaseId, token: ticketLinkToken(ctx, pass.purchaseId, pass.ticketId) })}`;
    const wallets: WalletLinks = {
      ...(appleMode !== 'off' ? { apple: { url: applePassPath(ticketId, token), test: appleMode === 'sandbox' } } : {}),
      // Signed afresh on each (uncached) view, so the link is always within its lifetime; `origins` names this storefront.
      ...(googleWallet ? { google: { url: await googleWallet.saveUrl(pass, origin(), ctx.now()), test: googleWallet.mode === 'sandbox' } } : {}),
    };
    const html = await passPageHtml(pass, { wallets, pdf });
    return reply.type('text/html; charset=utf-8').send(html);
  });

  if (appleMode === 'off') return;
  // Signing is CPU work: counted like a PDF download.
  app.get<{ Params: PassParams }>('/api/wallet/passes/:ticketId/:token/apple.pkpass', { schema: { params }, config: limitedAs(ctx.config, 'pdf') }, async (request, reply) => {
    const pass = await openPass(request, reply);
    if (!pass) return reply;
    // The phone registers for the pass's updates (a corrected name, a transfer, a cancellation) with the web service.
    const file = await buildApplePass(pass, appleSigning(ctx.config), passWebService(ctx, origin(), pass.ticketId));
    return reply
      .type('application/vnd.apple.pkpass')
      .header('content-disposition', `attachment; filename="boleto_${pass.folio}.pkpass"`)
      .send(file);
  });
}
