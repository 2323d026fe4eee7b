import type { PurchaseStatusResponse } from '../../shared/api';
import type { AppContext } from '../context';
import { errors } from '../http/app-error';
import { findPurchase } from '../repositories/purchase.repository';
import { hasPurchaseAccess } from './access-keys';
import { effectiveStatus, purchaseReload } from './purchase.service';

/**
 * `GET /api/payments/purchase/{id}`: with the purchase's key, everything a page refresh
 * needs; without it (or with a wrong one), the status alone — no buyer, no emission id.
 */
export async function purchaseAnswer(ctx: AppContext, purchaseId: string, key: string | undefined): Promise<PurchaseStatusResponse> {
  if (await hasPurchaseAccess(ctx.db.kysely, purchaseId, key)) return purchaseReload(ctx, purchaseId);
  const purchase = await findPurchase(ctx.db.kysely, purchaseId);
  if (!purchase) throw errors.purchaseNotFound();
  const status = effectiveStatus(purchase, ctx.now().toISOString());
  if (status === 'expired') throw errors.purchaseExpired();
  return { status };
}
