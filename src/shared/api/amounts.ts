/**
 * The five amount fields every priced answer carries, in pesos (the API edge; centavos inside).
 * `amount` = tickets after the discount code + service charge; `amountProductos` the products;
 * `amountOutDiscount` what `amount` would be without the code; `amountDiscount` the code's reduction;
 * `comission` the service charge.
 */
export interface OrderAmounts {
  amount: number;
  comission: number;
  amountOutDiscount: number;
  amountDiscount: number;
  amountProductos: number;
}

/** The amount field names, for code that copies or resets them together. */
export const ORDER_AMOUNT_FIELDS = ['amount', 'comission', 'amountOutDiscount', 'amountDiscount', 'amountProductos'] as const satisfies readonly (keyof OrderAmounts)[];
