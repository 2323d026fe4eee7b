import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { AttemptStatus, Database, PaymentAttemptTable, PaymentProviderName } from '../db/schema';

export type PaymentAttemptRow = Selectable<PaymentAttemptTable>;

/** Stores a new payment attempt. */
export async function insertAttempt(db: Kysely<Database>, row: Insertable<PaymentAttemptTable>): Promise<void> {
  await db.insertInto('payment_attempts').values(row).execute();
}

/**
 * Stores an attempt unless one with its idempotency key exists (first writer wins) and returns
 * the stored one: concurrent duplicates of one request share one attempt, hence one charge.
 */
export async function insertAttemptOnce(db: Kysely<Database>, row: Insertable<PaymentAttemptTable>): Promise<PaymentAttemptRow> {
  await db.insertInto('payment_attempts').values(row).onConflict((oc) => oc.column('idempotency_key').doNothing()).execute();
  return (await db.selectFrom('payment_attempts').selectAll().where('idempotency_key', '=', row.idempotency_key).executeTakeFirst())!;
}

/**
 * Stores a token payment's attempt as its purchase's one payment in flight (`in_flight` 1, unique
 * per purchase while 1) unless its idempotency key exists, and returns the stored one: a duplicate
 * of the same request shares it. Undefined when another payment of the purchase is in flight.
 */
export async function insertAttemptInFlight(db: Kysely<Database>, row: Insertable<PaymentAttemptTable>): Promise<PaymentAttemptRow | undefined> {
  await db.insertInto('payment_attempts').values({ ...row, in_flight: 1 }).onConflict((oc) => oc.doNothing()).execute();
  return findAttemptByIdempotencyKey(db, row.idempotency_key);
}

/** The purchase's payment in flight (a token payment not settled yet), or undefined. */
export async function findAttemptInFlight(db: Kysely<Database>, purchaseId: string): Promise<PaymentAttemptRow | undefined> {
  return db.selectFrom('payment_attempts').selectAll().where('purchase_id', '=', purchaseId).where(sql<boolean>`in_flight = 1`).executeTakeFirst();
}

/** The attempt with this idempotency key, or undefined. */
export async function findAttemptByIdempotencyKey(db: Kysely<Database>, key: string): Promise<PaymentAttemptRow | undefined> {
  return db.selectFrom('payment_attempts').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

/** The attempt with this id, or undefined. */
export async function findAttempt(db: Kysely<Database>, id: string): Promise<PaymentAttemptRow | undefined> {
  return db.selectFrom('payment_attempts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The attempt a provider knows by `reference` (preference, order, session, free-claim secret). */
export async function findAttemptByReference(
  db: Kysely<Database>,
  provider: PaymentProviderName,
  reference: string,
): Promise<PaymentAttemptRow | undefined> {
  return db.selectFrom('payment_attempts').selectAll().where('provider', '=', provider).where('provider_reference', '=', reference).executeTakeFirst();
}

/** The attempt holding the provider's payment `paymentId`, or undefined. */
export async function findAttemptByPayment(
  db: Kysely<Database>,
  provider: PaymentProviderName,
  paymentId: string,
): Promise<PaymentAttemptRow | undefined> {
  return db.selectFrom('payment_attempts').selectAll().where('provider', '=', provider).where('provider_payment_id', '=', paymentId).executeTakeFirst();
}

/** The newest attempt of a purchase with one provider that reached the provider (has its reference). */
export async function latestAttemptFor(
  db: Kysely<Database>,
  purchaseId: string,
  provider: PaymentProviderName,
): Promise<PaymentAttemptRow | undefined> {
  return db
    .selectFrom('payment_attempts')
    .selectAll()
    .where('purchase_id', '=', purchaseId)
    .where('provider', '=', provider)
    .where('provider_reference', 'is not', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Applies `patch` to an attempt. */
export async function updateAttempt(db: Kysely<Database>, id: string, patch: Updateable<PaymentAttemptTable>): Promise<void> {
  await db.updateTable('payment_attempts').set(patch).where('id', '=', id).execute();
}

/** The statuses of an attempt its provider may still move: the payment is not settled. */
export const OPEN_STATUSES: AttemptStatus[] = ['created', 'pending'];

/**
 * Moves an attempt to `status` only from one of `from` (compare-and-set), so two
 * concurrent writers can never move a status backwards. Returns whether it moved.
 */
export async function moveAttemptStatus(
  db: Kysely<Database>,
  id: string,
  from: AttemptStatus[],
  patch: Updateable<PaymentAttemptTable> & { status: AttemptStatus },
): Promise<boolean> {
  // A settled attempt is no longer in flight (the purchase may start another payment) nor re-read by the loop.
  const settled = OPEN_STATUSES.includes(patch.status) ? {} : { in_flight: 0, reconcile_at: null };
  const result = await db.updateTable('payment_attempts').set({ ...patch, ...settled }).where('id', '=', id).where('status', 'in', from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records the provider's payment id on an attempt that has none yet; false when another id is already there. */
export async function claimPaymentId(db: Kysely<Database>, id: string, paymentId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('payment_attempts')
    .set({ provider_payment_id: paymentId, updated_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('provider_payment_id', 'is', null), eb('provider_payment_id', '=', paymentId)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Takes the refund of an attempt for this caller only (required → in_progress); false when
 * someone else has it. A refund left in_progress since before `staleBefore` (its process died
 * mid-call) may be taken again: the provider's idempotency key makes the second call the same refund.
 */
export async function claimRefund(db: Kysely<Database>, id: string, now: string, staleBefore: string): Promise<boolean> {
  const result = await db
    .updateTable('payment_attempts')
    .set({ refund_status: 'in_progress', updated_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('refund_status', '=', 'required'), eb.and([eb('refund_status', '=', 'in_progress'), eb('updated_at', '<', staleBefore)])]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Attempts whose refund is still owed, or was abandoned mid-call (for the retry loop). */
export async function attemptsOwingRefund(db: Kysely<Database>, staleBefore: string, limit = 20): Promise<PaymentAttemptRow[]> {
  return db
    .selectFrom('payment_attempts')
    .selectAll()
    .where((eb) => eb.or([eb('refund_status', '=', 'required'), eb.and([eb('refund_status', '=', 'in_progress'), eb('updated_at', '<', staleBefore)])]))
    .limit(limit)
    .execute();
}

/** Stores an attempt for a provider payment unless another attempt already holds that payment (first writer wins). */
export async function insertAttemptUnlessPaymentKnown(db: Kysely<Database>, row: Insertable<PaymentAttemptTable>): Promise<void> {
  // Not the purchase's payment in flight: that is the attempt its start charged.
  await db.insertInto('payment_attempts').values({ ...row, in_flight: 0 }).onConflict((oc) => oc.columns(['provider', 'provider_payment_id']).doNothing()).execute();
}

/** Marks an approved payment as one to give back, once: a refund already decided keeps its reason. */
export async function requireRefund(db: Kysely<Database>, id: string, reason: string, now: string): Promise<void> {
  await db
    .updateTable('payment_attempts')
    .set({ refund_status: 'required', refund_reason: reason, updated_at: now })
    .where('id', '=', id)
    .where('refund_status', 'is', null)
    .execute();
}

/** Whether another attempt of the purchase is a voucher still payable at `now` (pending, deadline ahead). */
export async function hasOtherLiveVoucher(db: Kysely<Database>, purchaseId: string, exceptAttemptId: string, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('payment_attempts')
    .select('id')
    .where('purchase_id', '=', purchaseId)
    .where('status', '=', 'pending')
    .where('deadline', '>', now)
    .where('id', '!=', exceptAttemptId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A refund call failed: the refund is owed again, for the retry loop. */
export async function releaseRefund(db: Kysely<Database>, id: string, now: string): Promise<void> {
  await db.updateTable('payment_attempts').set({ refund_status: 'required', updated_at: now }).where('id', '=', id).execute();
}

/** The provider gave the payment back: the refund is done and the attempt `refunded`. */
export async function markRefundDone(db: Kysely<Database>, id: string, refundReference: string, now: string): Promise<void> {
  await db
    .updateTable('payment_attempts')
    .set({ refund_status: 'done', refund_reference: refundReference, status: 'refunded', updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** An attempt the pending-work loop is due to re-read, as read (`reconcile_at` is what `takeReconcile` compares). */
export type AttemptToReconcile = Pick<PaymentAttemptRow, 'id' | 'provider' | 'provider_payment_id' | 'status' | 'created_at' | 'reconcile_at'>;

/** Attempts whose `reconcile_at` has come (oldest first, at most `limit`), through the partial index of the scheduled ones. */
export async function attemptsToReconcile(db: Kysely<Database>, now: string, limit: number): Promise<AttemptToReconcile[]> {
  return db
    .selectFrom('payment_attempts')
    .select(['id', 'provider', 'provider_payment_id', 'status', 'created_at', 'reconcile_at'])
    .where('reconcile_at', '<=', now)
    .orderBy('reconcile_at')
    .limit(limit)
    .execute();
}

/**
 * Takes an attempt's re-read for this caller by moving its `reconcile_at` from what was read to
 * `next` (null: never again): of several processes that found it, one gets true.
 */
export async function takeReconcile(db: Kysely<Database>, due: AttemptToReconcile, next: string | null): Promise<boolean> {
  const result = await db.updateTable('payment_attempts').set({ reconcile_at: next })
    .where('id', '=', due.id).where('reconcile_at', '=', due.reconcile_at!)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records what the provider reports given back of a payment; only ever upwards (a late, older report changes nothing). */
export async function recordRefundedCents(db: Kysely<Database>, id: string, cents: number, now: string): Promise<void> {
  await db
    .updateTable('payment_attempts')
    .set({ refunded_cents: cents, updated_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('refunded_cents', 'is', null), eb('refunded_cents', '<', cents)]))
    .execute();
}

/** The attempts of a purchase that took money (approved, or refunded since), oldest first: the order page's payments. */
export async function listPaymentsOfPurchase(db: Kysely<Database>, purchaseId: string): Promise<PaymentAttemptRow[]> {
  return db.selectFrom('payment_attempts').selectAll().where('purchase_id', '=', purchaseId).where('status', 'in', ['approved', 'refunded']).orderBy('created_at').orderBy('id').execute();
}
