import { PURCHASE_KEY_HEADER } from '../../../shared/purchase-access';
import { ApiError } from '../../api/ApiError';
import type { OrderFormAnswers } from '../../../shared/attendee-form/attendee-form.types';

/** One refused answer as add-info returns it: pointer `/ticketId/iteration/fieldId` and a message key or sentence. */
export interface ServerFieldError {
  path: string;
  message: string;
}

/** A 4xx/5xx of add-info; `fieldErrors` holds the per-field refusals of a FORM_INVALID answer. */
export class AddInfoError extends ApiError {
  constructor(
    status: number,
    mensaje: string | undefined,
    code: string | undefined,
    readonly fieldErrors: ServerFieldError[],
  ) {
    super(status, mensaje, code);
    this.name = 'AddInfoError';
  }
}

/**
 * `PUT /api/payments/add-info-purchase {purchase_id, form}` with the purchase's access key
 * (`key`, sent as X-Purchase-Key: the server refuses a change to a purchase without it).
 * Resolves on success; rejects with an AddInfoError (status 0 on a network failure)
 * carrying the server's mensaje, code and per-field errors.
 */
export async function addInfoPurchase(purchaseId: string, form: OrderFormAnswers, key: string | null, fetchImpl: typeof fetch = fetch): Promise<void> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (key) headers[PURCHASE_KEY_HEADER] = key;
  let response: Response;
  try {
    response = await fetchImpl('/api/payments/add-info-purchase', {
      method: 'PUT',
      headers,
      body: JSON.stringify({ purchase_id: purchaseId, form }),
      credentials: 'same-origin',
    });
  } catch (cause) {
    throw new AddInfoError(0, undefined, cause instanceof Error ? cause.message : undefined, []);
  }
  if (response.ok) return;
  const payload = (await response.json().catch(() => ({}))) as { mensaje?: unknown; code?: unknown; errors?: unknown };
  const fieldErrors = Array.isArray(payload.errors)
    ? payload.errors.filter((e): e is ServerFieldError => typeof e?.path === 'string' && typeof e?.message === 'string')
    : [];
  throw new AddInfoError(
    response.status,
    typeof payload.mensaje === 'string' ? payload.mensaje : undefined,
    typeof payload.code === 'string' ? payload.code : undefined,
    fieldErrors,
  );
}
