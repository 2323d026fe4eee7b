import type { AppContext } from '../context';
import { errors } from '../http/app-error';
import { spendPass, unspendPass } from '../repositories/waiting-room.repository';
import { roomOf } from './room-state';
import { passId, readPass } from './signing';

/**
 * The gate of `new-purchase` for an event whose room is on: the request's pass must be this server's,
 * of this event, of this browser (its cookie), not past its end, and not spent; it is spent here, once,
 * by its id in `used_tokens`. Answers how to give it back (the purchase did not go through), or
 * undefined when the room is not on (no pass needed).
 */
export async function spendAdmission(ctx: AppContext, url: string, token: string | null | undefined, browserId: string | undefined): Promise<(() => Promise<void>) | undefined> {
  const view = await roomOf(ctx, url);
  if (!view?.on) return undefined;
  if (!token) throw errors.waitingRoomPassMissing();
  const pass = readPass(ctx.config.signingSecret, token);
  if (!pass || pass.eventId !== view.row.event_id || pass.browserId !== browserId || pass.expiresMs <= ctx.now().getTime()) throw errors.waitingRoomPassInvalid();
  const id = passId(pass);
  if (!(await spendPass(ctx.db.kysely, id, new Date(pass.expiresMs).toISOString()))) throw errors.waitingRoomPassUsed();
  return () => unspendPass(ctx.db.kysely, id);
}
