import { formatMoney, pesosToCents } from '../../../shared/money';

/** An amount of the admin API (pesos) as MXN. */
export const pesos = (amount: number): string => formatMoney(pesosToCents(amount));
