import { Rfc, RfcFaker } from '@nodecfdi/rfc';
import type { JSONSchema7 } from 'json-schema';
import { describe, expect, it } from 'vitest';
import invoiceValidate from 'virtual:form-validator/invoice';
import { createFormValidators } from '../../../../src/shared/forms/create-form-validators';
import { FORM_SCHEMAS, firstProblemPerField, formProblems } from '../../../../src/shared/forms';
import { TAX_REGIMES, usesAllowed } from '../../../../src/shared/invoicing/sat-catalogues';
import { hasRfcCheckDigit } from '../../../../src/shared/validation/answer-keywords';

const { schema } = FORM_SCHEMAS.invoice;
const runtime = createFormValidators().invoice;

/** Field → message key of its first problem, the browser's precompiled validator agreeing with the server's runtime one. */
function messages(data: Record<string, unknown>): Record<string, string> {
  const problems = runtime(data);
  expect(formProblems(invoiceValidate, schema, data)).toEqual(problems);
  return Object.fromEntries(firstProblemPerField(problems).map((problem) => [problem.pointer.slice(1), problem.message]));
}

const company = { rfc: 'EKU9003173C9', razon_social: 'ESCUELA KEMPER URGATE', regimen_fiscal: '601', codigo_postal: '26015', uso_cfdi: 'G03', email: 'compras@example.mx' };
const person = { ...company, rfc: 'COSC8001137NA', razon_social: 'CARLOS CORTES SOTO', regimen_fiscal: '612', uso_cfdi: 'D10' };

describe('the invoice form (schemas/forms/invoice)', () => {
  it('accepts a company and a person with a use their régimen allows', () => {
    expect(messages(company)).toEqual({});
    expect(messages({ ...person, guardar_datos: true })).toEqual({});
  });

  it('gives each field its problem: format, check digit, régimen of the RFC\'s kind, use of the régimen, postal code', () => {
    expect(messages({})).toEqual({
      rfc: 'errors:invoice.rfcRequired', razon_social: 'errors:invoice.legalNameRequired', regimen_fiscal: 'errors:invoice.regimeRequired',
      codigo_postal: 'errors:invoice.zipRequired', uso_cfdi: 'errors:invoice.useRequired', email: 'errors:buyer.emailRequired',
    });
    expect(messages({ ...company, rfc: 'EKU900317' })).toEqual({ rfc: 'errors:invoice.rfcFormat' });
    expect(messages({ ...company, rfc: 'EKU9003173C8' })).toEqual({ rfc: 'errors:invoice.rfcCheckDigit' });
    expect(messages({ ...company, regimen_fiscal: '612', uso_cfdi: 'G03' })).toEqual({ regimen_fiscal: 'errors:invoice.regimeNotMoral' });
    expect(messages({ ...person, regimen_fiscal: '601', uso_cfdi: 'G03' })).toEqual({ regimen_fiscal: 'errors:invoice.regimeNotFisica' });
    expect(messages({ ...company, uso_cfdi: 'D01' })).toEqual({ uso_cfdi: 'errors:invoice.useNotForRegime' });
    expect(messages({ ...person, regimen_fiscal: '616', uso_cfdi: 'G03' })).toEqual({ uso_cfdi: 'errors:invoice.useNotForRegime' });
    expect(messages({ ...company, codigo_postal: '2601' })).toEqual({ codigo_postal: 'errors:invoice.zipDigits' });
  });

  it('lists the régimenes of c_RegimenFiscal, and each one\'s condition allows exactly the uses of the SAT catalogue', () => {
    const properties = schema.properties as Record<string, JSONSchema7>;
    expect(properties.regimen_fiscal.enum).toEqual(TAX_REGIMES.map((regime) => regime.code));
    const conditions = (schema.allOf as JSONSchema7[]).filter((part) => (part.if as JSONSchema7).properties?.regimen_fiscal);
    for (const regime of TAX_REGIMES) {
      const matching = conditions.filter((part) => ((part.if as JSONSchema7).properties!.regimen_fiscal as JSONSchema7).enum!.includes(regime.code));
      expect(matching, regime.code).toHaveLength(1);
      const allowed = ((matching[0].then as JSONSchema7).properties!.uso_cfdi as JSONSchema7).enum;
      for (const kind of regime.applies) expect(allowed, `${regime.code} ${kind}`).toEqual(usesAllowed(kind, regime.code).map((use) => use.code));
    }
  });
});

describe('hasRfcCheckDigit (the rfcCheckDigit keyword)', () => {
  const faker = new RfcFaker();
  const valid = [...Array.from({ length: 200 }, () => faker.mexicanRfc()), 'EKU9003173C9', 'COSC8001137NA', 'AAA010101AAA', 'ÑAÑA010101AA0'.slice(0, 13)];

  it('agrees with @nodecfdi/rfc on valid RFCs and on each with its last character changed', () => {
    for (const rfc of valid) {
      const library = Rfc.parse(rfc).doesCheckSumMatch();
      expect(hasRfcCheckDigit(rfc), rfc).toBe(library);
      for (const last of ['0', '5', 'A']) {
        const changed = rfc.slice(0, -1) + last;
        expect(hasRfcCheckDigit(changed), changed).toBe(Rfc.unparsed(changed).doesCheckSumMatch());
      }
    }
  });
});
