/** One error item of the card tokenizer: the field, the cause (`invalid_type`, `invalid_value`, `invalid_length`, …) and its details. */
export interface CardTokenErrorItem {
  field?: string;
  cause?: string;
  details?: { expectedType?: string; minLength?: number; maxLength?: number; expectedLength?: number };
}

/** A message to show: an i18n key with its interpolation values. */
export interface KeyedMessage {
  key: string;
  values?: Record<string, string | number>;
}

/**
 * Turns what the card tokenizer rejected into messages (keys of locales/<lang>/errors.json,
 * `cardToken.*`): one per item by cause, 'Tarjeta inválida.' for any other cause and
 * 'Ocurrió un error inesperado.' when the answer is not a list.
 */
export function cardTokenMessages(errors: unknown): KeyedMessage[] {
  if (!Array.isArray(errors)) return [{ key: 'errors:cardToken.unexpected' }];
  return errors.map((item: CardTokenErrorItem): KeyedMessage => {
    const field = String(item?.field ?? '');
    const details = item?.details ?? {};
    switch (item?.cause) {
      case 'invalid_type':
        return { key: 'errors:cardToken.invalidType', values: { field, expectedType: String(details.expectedType ?? '') } };
      case 'invalid_value':
        return { key: 'errors:cardToken.invalidValue', values: { field } };
      case 'invalid_length':
        return details.expectedLength !== undefined
          ? { key: 'errors:cardToken.lengthExact', values: { field, expectedLength: details.expectedLength } }
          : { key: 'errors:cardToken.lengthBetween', values: { field, minLength: details.minLength ?? 0, maxLength: details.maxLength ?? 0 } };
      default:
        return { key: 'errors:cardToken.invalidCard' };
    }
  });
}
