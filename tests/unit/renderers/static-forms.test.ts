import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { loadStaticForm } from '../../../src/client/forms/staticForms';
import { FORM_IDS } from '../../../src/shared/forms';

describe('loadStaticForm (what payment panels give <SchemaForm>)', () => {
  it.each(FORM_IDS)('%s loads its precompiled validator, schema, uiSchema and a fresh state', async (id) => {
    const form = await loadStaticForm(id);
    expect(form.schema.type).toBe('object');
    expect(form.state.idPrefix).toBe(id);
    expect(form.state.submitted).toBe(false);
    expect(form.state.hasErrors).toBe(Array.isArray(form.schema.required) && form.schema.required.length > 0);
  });

  it('judges with the shared step, the event’s allowed BINs included, and rjsf gets the same errors', async () => {
    let allowedBins = ['450995'];
    const form = await loadStaticForm<Record<string, string>>('walletCard', {
      context: () => ({ allowedBins }),
      initialData: { cardNumber: '4111 1111 1111 1111', cardholderName: 'ANA', email: 'ana@example.mx', emailConfirm: 'ana@example.mx', phone: '5512345678' },
    });
    expect(form.state.problems).toEqual([{ pointer: '/cardNumber', message: 'errors:walletCard.binNotAllowed' }]);
    const result = form.validator.validateFormData(form.state.formData, form.schema as RJSFSchema);
    expect(result.errorSchema).toEqual({ cardNumber: { __errors: ['errors:walletCard.binNotAllowed'] } });
    allowedBins = [];
    form.state.setFormData({ ...form.state.formData });
    expect(form.state.hasErrors).toBe(false);
  });
});
