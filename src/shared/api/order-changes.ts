/** A buyer's changes to a paid order: transfer one ticket, cancel some or all of them; the operator's payout confirmation. */

/** `POST /api/orders/{purchase_id}/tickets/{ticket_id}/transfer`: the new holder and their answers to the ticket type's attendee form. */
export interface TransferTicketRequest {
  /** Absent or blank: the answer to the form's name field (`holderFields`). */
  name?: string;
  /** Absent or blank: the answer to the form's e-mail field. */
  email?: string;
  /** One attendee's answers (field id → answer), judged by the same compiled schema as the purchase's form. */
  answers?: Record<string, unknown>;
}

/** The transfer done: the old ticket revoked, the new one issued (its holder gets their own e-mail and key). */
export interface TransferTicketResponse {
  purchase_id: string;
  revoked_ticket_id: string;
  ticket_id: string;
  folio: number;
}

/** `POST /api/orders/{purchase_id}/cancel`: the tickets to cancel (absent: every live ticket of the buyer) and, for cash or bank-transfer payments, the CLABE to pay back to. */
export interface CancelOrderRequest {
  ticket_ids?: string[];
  clabe?: string;
}

/**
 * The cancellation: amounts in pesos (`paid` what the tickets cost, `fee` kept by the policy, `refund` the rest); `refund_via`
 * the payment's provider, a payout to the CLABE (`bank` named from it), or none; `refund_status` done, owed (retried), queued (a payout
 * an operator confirms) or none.
 */
export interface CancelOrderResponse {
  purchase_id: string;
  status: 'partially_cancelled' | 'cancelled';
  cancellation_id: string;
  ticket_ids: string[];
  paid: number;
  fee: number;
  refund: number;
  refund_via: 'provider' | 'payout' | 'none';
  refund_status: 'done' | 'owed' | 'queued' | 'none';
  payout_id: string | null;
  bank: string | null;
}

/** `POST /api/admin/payouts/{id}/confirm`: the payout as it is now. */
export interface ConfirmPayoutResponse {
  payout_id: string;
  purchase_id: string;
  amount: number;
  status: 'paid';
  confirmed_at: string;
}
