import type { AppContext } from '../context';
import { countOperators, findOperatorByEmail } from '../repositories/operator.repository';
import { addOperator, issuePasswordLink } from './accounts';

/** The owner `npm start` creates in a database with no operator (outside production). */
export const DEMO_OWNER_EMAIL = 'admin@demo.local';

/**
 * The console's first owner: in a database with no operator, `admin@demo.local` is created and its
 * one-time set-password link answered; while that owner has not set a password yet, each start
 * answers a fresh link. Undefined once an operator exists who is not such a pending demo owner.
 */
export async function ensureDemoOwner(ctx: AppContext, origin: string): Promise<{ email: string; link: string } | undefined> {
  if ((await countOperators(ctx.db.kysely)) === 0) {
    const { operator, link } = await addOperator(ctx, { email: DEMO_OWNER_EMAIL, role: 'owner' }, origin);
    return { email: operator.email, link };
  }
  const pending = await findOperatorByEmail(ctx.db.kysely, DEMO_OWNER_EMAIL);
  if (!pending || pending.password_hash !== null || pending.disabled_at !== null) return undefined;
  return { email: pending.email, link: await issuePasswordLink(ctx, pending.id, origin) };
}
