/** Rules on the event file's `installments` that JSON Schema cannot express. */
export type InstallmentsProblemCode = 'installmentsWithoutCardMethod';

export interface InstallmentsProblem {
  pointer: string;
  code: InstallmentsProblemCode;
  params: Record<string, string | number>;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The card methods whose plans `installments` governs: MercadoPago's card panel and Stripe's card. */
const CARD_METHODS = ['metodo_pago_mercadopago_tarjetas', 'metodo_pago_stripe_tarjeta'] as const;

/**
 * Instalments enabled on an event that offers neither card path would never be seen by a buyer:
 * a slip the operator should hear about. Only a well-typed `enabled: true` is judged.
 */
export function installmentsProblems(file: Json): InstallmentsProblem[] {
  const installments = file.installments;
  if (!isObject(installments) || installments.enabled !== true) return [];
  const config = isObject(file.event) && isObject(file.event.config) ? file.event.config : {};
  if (CARD_METHODS.some((method) => config[method] === true)) return [];
  return [{ pointer: '/installments/enabled', code: 'installmentsWithoutCardMethod', params: { methods: CARD_METHODS.join(', ') } }];
}
