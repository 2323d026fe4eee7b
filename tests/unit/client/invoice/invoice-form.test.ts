import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { initialInvoiceAnswers, invoiceRequestOf, invoiceSchemaFor, invoiceServerProblems, usesOffered } from '../../../../src/client/invoice/invoiceForm';
import { FORM_SCHEMAS } from '../../../../src/shared/forms';
import { INVOICE_USES, usesAllowed } from '../../../../src/shared/invoicing/sat-catalogues';

const schema = FORM_SCHEMAS.invoice.schema as RJSFSchema;

describe('the invoice form as drawn (src/client/invoice/invoiceForm.ts)', () => {
  it('offers every use until a régimen is chosen, then only the uses its condition allows', () => {
    expect(usesOffered(schema, undefined)).toEqual(INVOICE_USES.map((use) => use.code));
    expect(usesOffered(schema, '601')).toEqual(usesAllowed('moral', '601').map((use) => use.code));
    expect(usesOffered(schema, '605')).toEqual(usesAllowed('fisica', '605').map((use) => use.code));
    expect(usesOffered(schema, '616')).toEqual(['S01']);
    const drawn = invoiceSchemaFor(schema, '616');
    expect((drawn.properties!.uso_cfdi as RJSFSchema).enum).toEqual(['S01']);
    // The validator's schema is left whole.
    expect((schema.properties!.uso_cfdi as RJSFSchema).enum).toHaveLength(INVOICE_USES.length);
  });

  it('starts from the saved fiscal data (asking to keep them again) and the order\'s e-mail', () => {
    const saved = { rfc: 'EKU9003173C9', razon_social: 'ESCUELA KEMPER URGATE', regimen_fiscal: '601', codigo_postal: '26015', uso_cfdi: 'G03' };
    expect(initialInvoiceAnswers(saved, 'ana@example.mx')).toEqual({ ...saved, email: 'ana@example.mx', guardar_datos: true });
    expect(initialInvoiceAnswers(null, undefined)).toEqual({});
    expect(invoiceRequestOf({ ...saved, email: 'ana@example.mx' })).toEqual({ ...saved, email: 'ana@example.mx', guardar_datos: false });
  });

  it('puts the server\'s refusals of the form\'s fields on them', () => {
    expect(invoiceServerProblems([{ path: '/rfc', message: 'RFC inválido' }, { path: '', message: 'x' }])).toEqual([{ pointer: '/rfc', message: 'RFC inválido' }]);
  });
});
