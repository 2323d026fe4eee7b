import en from '../../../locales/en/api-errors.json';
import es from '../../../locales/es/api-errors.json';

/**
 * The es/en catalogue of client-facing error messages (locales/<lang>/api-errors.json), the
 * same file the storefront looks a `code` up in. Top-level keys are the stable codes; a code
 * with two sentences has its second in `variants`; `terms` are words put into a sentence
 * (translated with it); `validation` are the sentences of request-validation errors; `invoiceFields`
 * the invoice form's field problems the server finds.
 */
export type MessageLanguage = 'es' | 'en';
export type ErrorCode = { [K in keyof typeof es]: (typeof es)[K] extends string ? K : never }[keyof typeof es];
export type MessageKey = ErrorCode | `variants.${keyof typeof es.variants}` | `invoiceFields.${keyof typeof es.invoiceFields}`;
export type BotCheckTerm = keyof typeof es.terms.botCheck;
export type TermKey = 'ticketType' | 'product' | `botCheck.${BotCheckTerm}` | `webhookUrl.${WebhookUrlTerm}`;
/** Why a webhook endpoint's URL is refused (`terms.webhookUrl`). */
export type WebhookUrlTerm = keyof typeof es.terms.webhookUrl;

/** A value put into a sentence: as it is, or a catalogue term translated with the sentence. */
export type MessageValue = string | number | { term: TermKey };
export type MessageValues = Record<string, MessageValue>;

const catalogues: Record<MessageLanguage, typeof es> = { es, en };

/** The catalogue entry at a dotted path (`variants.SOLD_OUT_unnamed`, `validation.typeNames.integer`). */
function entry(language: MessageLanguage, path: string): string {
  const value = path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogues[language]);
  if (typeof value !== 'string') throw new Error(`no ${language} message for ${path}`);
  return value;
}

/** Fills `{{name}}` placeholders (the i18next syntax the storefront uses on the same strings). */
export function fill(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The sentence of `key` in `language`, its values (terms translated) filled in. */
export function renderMessage(language: MessageLanguage, key: MessageKey | `validation.${string}`, values: MessageValues = {}): string {
  const plain: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values)) plain[name] = typeof value === 'object' ? entry(language, `terms.${value.term}`) : value;
  return fill(entry(language, key), plain);
}

/** Every stable code of the catalogue (its top-level sentences). */
export const ERROR_CODES = Object.keys(es).filter((key) => typeof (es as Record<string, unknown>)[key] === 'string') as ErrorCode[];

