import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { absoluteUrl } from '../http/self-url';
import { forgetPushToken, pushTokensOf, recordPassChanges } from '../repositories/wallet-updates.repository';
import { pushPassUpdates } from './apns';
import { appleSigning, appleWalletMode } from './apple-signing';
import { googleWalletMode } from './google-wallet';
import { patchEventTicketObject } from './google-wallet-api';
import { googleWalletTicket } from './google-wallet-pass';
import { loadTicketPass } from './load-ticket-pass';

/** What telling the wallets needs besides the context: a logger, and how this server reaches itself (the demo's stand-ins are paths). */
export interface PassUpdatesRuntime {
  ctx: AppContext;
  log: FastifyBaseLogger;
  selfUrl: () => string;
}

/** APNs answers meaning the push token will never work again: its registrations are dropped. */
const DEAD_TOKEN = new Set(['BadDeviceToken', 'Unregistered', 'DeviceTokenNotForTopic']);

/**
 * THE call an order change makes, after its transaction commits, for the tickets whose passes changed
 * (revoked, a corrected name, a new holder): the change is recorded (Apple's "changed serials" list and
 * the pass's Last-Modified move), every phone registered for those passes gets an APNs push (it then
 * fetches the new pass from the web service), and each ticket's saved Google Wallet object is updated
 * (`INACTIVE` once revoked, the current holder's name otherwise). Wallets that are off are skipped.
 * Never throws: a push or an update that fails is logged, and the next change of those passes sends
 * everything again (a phone also asks for changed serials whenever Wallet refreshes).
 */
export async function passesChanged(rt: PassUpdatesRuntime, ticketIds: readonly string[], now: Date): Promise<void> {
  if (ticketIds.length === 0) return;
  try {
    await recordPassChanges(rt.ctx.db.kysely, ticketIds, now.toISOString());
  } catch (error) {
    rt.log.error({ err: error, ticketIds }, 'wallet pass change not recorded');
  }
  await Promise.all([pushToApple(rt, ticketIds), updateGoogle(rt, ticketIds, now)]);
}

async function pushToApple(rt: PassUpdatesRuntime, ticketIds: readonly string[]): Promise<void> {
  const { config, db } = rt.ctx;
  if (appleWalletMode(config) === 'off') return;
  try {
    const signing = appleSigning(config);
    const tokens = await pushTokensOf(db.kysely, signing.passTypeId, ticketIds);
    const results = await pushPassUpdates(absoluteUrl(config.applePass.apnsUrl, rt.selfUrl), signing, tokens);
    for (const result of results.filter((r) => r.status !== 200)) {
      rt.log.warn({ status: result.status, reason: result.reason, ticketIds }, 'APNs refused a pass update push');
      if (result.reason && DEAD_TOKEN.has(result.reason)) await forgetPushToken(db.kysely, signing.passTypeId, result.pushToken);
    }
  } catch (error) {
    rt.log.warn({ err: error, ticketIds }, 'APNs pass update pushes failed; the next change of these passes pushes again');
  }
}

async function updateGoogle(rt: PassUpdatesRuntime, ticketIds: readonly string[], now: Date): Promise<void> {
  const { config, db } = rt.ctx;
  if (googleWalletMode(config) === 'off') return;
  const wallet = config.googleWallet;
  const urls = { apiUrl: absoluteUrl(wallet.apiUrl, rt.selfUrl), tokenUrl: absoluteUrl(wallet.tokenUrl, rt.selfUrl) };
  for (const ticketId of ticketIds) {
    try {
      // The origin only feeds the class's homepage link, which an object update does not send.
      const pass = await loadTicketPass(db.kysely, ticketId, { origin: '', includeVoided: true });
      if (!pass) continue;
      const { eventTicketObject } = googleWalletTicket(pass, { issuerId: wallet.issuerId!, issuerName: wallet.issuerName });
      await patchEventTicketObject(wallet, urls, eventTicketObject, now);
    } catch (error) {
      rt.log.warn({ err: error, ticketId }, 'Google Wallet object update failed; the next change of this pass sends it again');
    }
  }
}
