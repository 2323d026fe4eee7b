import type { RegistryWidgetsType } from '@rjsf/utils';
import { asWidget } from './registry';
import { CardExpiry } from './widgets/CardExpiry/CardExpiry';
import { CardNumber } from './widgets/CardNumber/CardNumber';
import { Cvv } from './widgets/Cvv/Cvv';
import { RadioChoice } from './widgets/RadioChoice/RadioChoice';
import { SecureField } from './widgets/SecureField/SecureField';

/**
 * The card forms' widgets, passed by the payment panels (`<SchemaForm extraWidgets>`): a
 * provider's secure field, card number, expiry and security code (with its help tooltip and
 * the popper that places it), and the card plan's radio choice. Kept out of the shared registry so the attendee form's chunk —
 * on every buyer's way to the payment step — does not carry them.
 */
export const paymentWidgets: RegistryWidgetsType = {
  cardNumber: CardNumber,
  cardExpiry: CardExpiry,
  cvv: asWidget(Cvv, 'Cvv'),
  secureField: SecureField,
  radioChoice: asWidget(RadioChoice, 'RadioChoice'),
};

/** The names above, for checks (the card forms' uiSchemas may name these too). */
export const PAYMENT_WIDGET_NAMES = Object.keys(paymentWidgets);
