import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { apiErrorText } from '../../../../src/client/i18n/apiErrorText';

async function instanceIn(language: 'es' | 'en') {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, fallbackLng: 'es', resources: {}, interpolation: { escapeValue: false } });
  return instance;
}

describe('apiErrorText (an API error said by its code, in the buyer\'s language)', () => {
  it('says a known code in the current language', async () => {
    expect(apiErrorText(await instanceIn('en'), 'PURCHASE_EXPIRED')).toBe('The time to complete your purchase is over. Please choose your tickets again.');
    expect(apiErrorText(await instanceIn('es'), 'PURCHASE_EXPIRED')).toBe('El tiempo para completar tu compra terminó. Vuelve a elegir tus entradas.');
  });

  it('leaves to the server\'s mensaje an unknown code, no code, and a sentence that needs the server\'s values', async () => {
    const en = await instanceIn('en');
    expect(apiErrorText(en, 'SOMETHING_NEW')).toBeUndefined();
    expect(apiErrorText(en, undefined)).toBeUndefined();
    expect(apiErrorText(en, 'SOLD_OUT')).toBeUndefined(); // «{{name}}»: only the server knows which ticket
    expect(apiErrorText(en, 'variants')).toBeUndefined();
  });
});
