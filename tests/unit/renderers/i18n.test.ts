import { TranslatableString } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import enForms from '../../../locales/en/forms.json';
import esForms from '../../../locales/es/forms.json';
import { createI18n, switchLanguage } from '../../../src/client/i18n/createI18n';
import { createTranslateString } from '../../../renderers/i18n/createTranslateString';
import { addFormsNamespace } from '../../../renderers/i18n/formsNamespace';
import { isI18nKey, messageValues, translateText } from '../../../renderers/i18n/translateText';

async function i18n(language: 'es' | 'en') {
  const instance = createI18n(language);
  await switchLanguage(instance, language);
  addFormsNamespace(instance);
  return instance;
}

describe('translateText: keys are translated, the operator’s sentences pass through', () => {
  it('tells keys from sentences', () => {
    expect(isI18nKey('errors:attendee.required')).toBe(true);
    expect(isI18nKey('forms:fields.email')).toBe(true);
    expect(isI18nKey('La CURP no es válida: son 18 caracteres')).toBe(false);
    expect(isI18nKey('Nota: importante')).toBe(false);
  });

  it('translates in both languages, with values from the field schema', async () => {
    const es = await i18n('es');
    const en = await i18n('en');
    expect(translateText(es.t, 'errors:attendee.required')).toBe('Este campo es obligatorio');
    expect(translateText(en.t, 'errors:attendee.required')).toBe('This field is required');
    expect(translateText(es.t, 'errors:attendee.invalidImage')).toBe('Formato de imagen no válido.');
    expect(translateText(es.t, 'errors:attendee.min', messageValues({ minimum: 18 }))).toBe('El valor mínimo es 18');
    expect(translateText(en.t, 'errors:attendee.telefono', messageValues({ maxLength: 10 }))).toBe('The phone may only contain digits (10 at most)');
    expect(translateText(en.t, 'La CURP no es válida: son 18 caracteres')).toBe('La CURP no es válida: son 18 caracteres');
    expect(translateText(es.t, undefined)).toBe('');
  });
});

describe('rjsf strings go through i18next (translateString)', () => {
  it('translates by enum name, with %1 parameters', async () => {
    const es = createTranslateString((await i18n('es')).t);
    const en = createTranslateString((await i18n('en')).t);
    expect(es(TranslatableString.RemoveButton)).toBe('Quitar');
    expect(en(TranslatableString.AddItemButton)).toBe('Add item');
    expect(es(TranslatableString.OptionPrefix, ['2'])).toBe('Opción 2');
  });

  it('falls back to rjsf’s English, parameters filled, for a string we do not translate', async () => {
    const es = createTranslateString((await i18n('es')).t);
    expect(es(TranslatableString.UnknownFieldType, ['foo'])).toBe('Unknown field type foo');
  });

  it('every translated rjsf string names a real TranslatableString, and es/en match', () => {
    const names = new Set(Object.keys(TranslatableString));
    expect(Object.keys(esForms.rjsf).filter((name) => !names.has(name))).toEqual([]);
    expect(Object.keys(enForms.rjsf).sort()).toEqual(Object.keys(esForms.rjsf).sort());
  });
});
