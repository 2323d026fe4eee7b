import type { InvoicingFile, SatKeysFile } from '../../shared/event-file/event-file.types';
import { IVA_16, IVA_EXEMPT, type TaxTreatment } from '../../shared/invoicing/cfdi-amounts';
import type { EventRow } from '../repositories/event.repository';

/** The SAT keys of a concept when the event file names none (confirm them with the organiser's tax adviser). */
export const DEFAULT_SAT_KEYS = {
  /** Admission to an event, per service unit (E48). */
  tickets: { product_key: '90151802', unit_key: 'E48' },
  /** A product sold with the tickets: "no existe en el catálogo", per piece (H87). */
  products: { product_key: '01010101', unit_key: 'H87' },
  /** The service charge: sales commission services, per service unit. */
  service_charge: { product_key: '80141600', unit_key: 'E48' },
} as const satisfies Record<string, SatKeysFile>;

/** Days after the end of the month of payment that a buyer may still request their invoice (the usual rule). */
export const REQUEST_GRACE_DAYS = 3;

/** An event's invoicing settings with their defaults. */
export interface InvoicingSettings {
  askAtCheckout: boolean;
  requestUntil: string | undefined;
  tax: TaxTreatment;
  ticketKeys: (ticketExternalId: number) => SatKeysFile;
  productKeys: (productExternalId: number) => SatKeysFile;
  serviceChargeKeys: SatKeysFile;
}

export function invoicingSettings(event: Pick<EventRow, 'invoicing'>): InvoicingSettings {
  const file: InvoicingFile = event.invoicing ?? {};
  const keys = file.sat_keys ?? {};
  return {
    askAtCheckout: file.ask_at_checkout === true,
    requestUntil: file.request_until,
    tax: file.tax === 'exempt' ? IVA_EXEMPT : IVA_16,
    ticketKeys: (id) => keys.by_ticket_type?.[String(id)] ?? keys.tickets ?? DEFAULT_SAT_KEYS.tickets,
    productKeys: (id) => keys.by_product?.[String(id)] ?? keys.products ?? DEFAULT_SAT_KEYS.products,
    serviceChargeKeys: keys.service_charge ?? DEFAULT_SAT_KEYS.service_charge,
  };
}

/** Mexico City's offset (UTC−6 all year since 2022): the month of a payment and its deadline are that city's. */
const MEXICO_CITY_OFFSET_MS = -6 * 3_600_000;

/**
 * Until when the buyer of an order paid at `paidAt` may request its invoice: the event file's
 * `request_until`, else the last moment of the third day after the end of the month of payment
 * (Mexico City time): paid on 15 November → until 3 December 23:59:59.999.
 */
export function requestUntil(settings: Pick<InvoicingSettings, 'requestUntil'>, paidAt: Date): Date {
  if (settings.requestUntil) return new Date(settings.requestUntil);
  const local = new Date(paidAt.getTime() + MEXICO_CITY_OFFSET_MS);
  const endLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1 + REQUEST_GRACE_DAYS) - 1;
  return new Date(endLocal - MEXICO_CITY_OFFSET_MS);
}

/** The month (`YYYY-MM`, Mexico City time) a payment belongs to: its global invoice's period. */
export function monthOf(moment: Date): string {
  return new Date(moment.getTime() + MEXICO_CITY_OFFSET_MS).toISOString().slice(0, 7);
}

/** The first and last moments (UTC) of a Mexico City month `YYYY-MM`. */
export function monthBounds(month: string): { from: Date; until: Date } {
  const [year, monthNumber] = month.split('-').map(Number);
  return { from: new Date(Date.UTC(year, monthNumber - 1, 1) - MEXICO_CITY_OFFSET_MS), until: new Date(Date.UTC(year, monthNumber, 1) - MEXICO_CITY_OFFSET_MS - 1) };
}
