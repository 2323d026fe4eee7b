import type { JSONSchema7 } from 'json-schema';
import buyerSchema from '../../../schemas/forms/buyer.schema.json';
import buyerUi from '../../../schemas/forms/buyer.ui.json';
import cardPaymentSchema from '../../../schemas/forms/card-payment.schema.json';
import cardPaymentUi from '../../../schemas/forms/card-payment.ui.json';
import discountCodeSchema from '../../../schemas/forms/discount-code.schema.json';
import discountCodeUi from '../../../schemas/forms/discount-code.ui.json';
import invoiceSchema from '../../../schemas/forms/invoice.schema.json';
import invoiceUi from '../../../schemas/forms/invoice.ui.json';
import secondCardSchema from '../../../schemas/forms/second-card.schema.json';
import secondCardUi from '../../../schemas/forms/second-card.ui.json';
import superTokenEmailSchema from '../../../schemas/forms/super-token-email.schema.json';
import superTokenEmailUi from '../../../schemas/forms/super-token-email.ui.json';
import walletCardSchema from '../../../schemas/forms/wallet-card.schema.json';
import walletCardUi from '../../../schemas/forms/wallet-card.ui.json';
import type { UiSchema } from '../attendee-form/attendee-form.types';

/**
 * Every static form of the storefront (schemas/forms), by the name its precompiled
 * validator is exported under. Payment panels render `FORM_SCHEMAS[id]` and the server
 * validates the same object (`createFormValidators`).
 */
export const FORM_SCHEMAS = {
  /** Store-voucher, bank-transfer, free-entry and super-token panels. */
  buyer: { schema: buyerSchema as JSONSchema7, uiSchema: buyerUi as UiSchema },
  /** Wallet provider's new-card form. */
  walletCard: { schema: walletCardSchema as JSONSchema7, uiSchema: walletCardUi as UiSchema },
  /** Second card provider's card form. */
  secondCard: { schema: secondCardSchema as JSONSchema7, uiSchema: secondCardUi as UiSchema },
  /** Card payment provider's details (name, email, phone). */
  cardPayment: { schema: cardPaymentSchema as JSONSchema7, uiSchema: cardPaymentUi as UiSchema },
  discountCode: { schema: discountCodeSchema as JSONSchema7, uiSchema: discountCodeUi as UiSchema },
  superTokenEmail: { schema: superTokenEmailSchema as JSONSchema7, uiSchema: superTokenEmailUi as UiSchema },
  /** The buyer's fiscal data for a factura (thank-you and order pages, the payment step's "Quiero factura"). */
  invoice: { schema: invoiceSchema as unknown as JSONSchema7, uiSchema: invoiceUi as UiSchema },
} as const;

export type FormId = keyof typeof FORM_SCHEMAS;

/** The file of each form under schemas/forms (`<file>.schema.json` and `<file>.ui.json`). */
export const FORM_SCHEMA_FILES: Record<FormId, string> = {
  buyer: 'buyer',
  walletCard: 'wallet-card',
  secondCard: 'second-card',
  cardPayment: 'card-payment',
  discountCode: 'discount-code',
  superTokenEmail: 'super-token-email',
  invoice: 'invoice',
};

/** The form ids, in a stable order. */
export const FORM_IDS = Object.keys(FORM_SCHEMAS) as FormId[];
