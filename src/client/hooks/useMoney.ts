import { formatMoney } from '../../shared/money';
import { useStores } from '../StoreContext';

/** A formatter for centavos in the event's currency, always es-MX with 2 decimals (docs/product-rules.md, *Money and pricing*). */
export function useMoney(): (cents: number) => string {
  const { event } = useStores();
  const currency = event.currency;
  return (cents) => formatMoney(cents, currency, 'es-MX');
}
