import { describe, expect, it } from 'vitest';
import type { InvoiceRequest } from '../../../src/shared/api';
import { AppError } from '../../../src/server/http/app-error';
import { checkedReceiver } from '../../../src/server/invoicing/invoice-request';
import { usesAllowed } from '../../../src/shared/invoicing/sat-catalogues';

const company: InvoiceRequest = { rfc: 'EKU9003173C9', razon_social: 'Escuela Kemper Urgate', regimen_fiscal: '601', codigo_postal: '26015', uso_cfdi: 'G03', email: 'Compras@Example.MX' };
const person: InvoiceRequest = { rfc: 'GODE561231GR8', razon_social: 'Emilio  González Domínguez', regimen_fiscal: '612', codigo_postal: '06600', uso_cfdi: 'G03', email: 'emilio@example.mx' };

function problems(request: InvoiceRequest) {
  try {
    checkedReceiver(request);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return ((error as AppError).details?.errors as { path: string }[]).map((e) => e.path);
  }
  throw new Error('accepted');
}

describe('the invoice request', () => {
  it('takes a company (12) and a person (13) with valid check digits, as the CFDI writes them', () => {
    expect(checkedReceiver(company)).toMatchObject({ rfc: 'EKU9003173C9', kind: 'moral', legalName: 'ESCUELA KEMPER URGATE', email: 'compras@example.mx' });
    expect(checkedReceiver({ ...person, rfc: 'gode561231gr8' })).toMatchObject({ rfc: 'GODE561231GR8', kind: 'fisica', legalName: 'EMILIO GONZÁLEZ DOMÍNGUEZ' });
  });

  it('refuses a wrong check digit, a malformed RFC and the generic and foreign RFCs', () => {
    expect(problems({ ...person, rfc: 'GODE561231GR9' })).toEqual(['/rfc']);
    expect(problems({ ...company, rfc: 'EKU9003173C' })).toEqual(['/rfc']);
    expect(problems({ ...company, rfc: 'XAXX010101000' })).toEqual(['/rfc']);
    expect(problems({ ...company, rfc: 'XEXX010101000' })).toEqual(['/rfc']);
  });

  it('refuses a régimen of the other kind of taxpayer, and a use the régimen does not allow', () => {
    expect(problems({ ...company, regimen_fiscal: '612' })).toEqual(['/regimen_fiscal']);
    expect(problems({ ...company, uso_cfdi: 'D10' })).toEqual(['/uso_cfdi']);
    expect(problems({ ...person, regimen_fiscal: '605', uso_cfdi: 'G03' })).toEqual(['/uso_cfdi']);
    expect(checkedReceiver({ ...person, regimen_fiscal: '605', uso_cfdi: 'D10' }).use).toBe('D10');
  });

  it('reports every field at once: unknown catalogue codes, postal code, e-mail', () => {
    expect(problems({ rfc: 'X', razon_social: ' ', regimen_fiscal: '999', codigo_postal: '123', uso_cfdi: 'Z99', email: 'nope' })).toEqual([
      '/rfc', '/razon_social', '/regimen_fiscal', '/codigo_postal', '/uso_cfdi', '/email',
    ]);
  });

  it('lists only the uses a régimen allows (the form\'s conditional list)', () => {
    expect(usesAllowed('fisica', '605').map((u) => u.code)).toEqual(['D01', 'D02', 'D03', 'D04', 'D05', 'D06', 'D07', 'D08', 'D09', 'D10', 'S01']);
    expect(usesAllowed('moral', '601').map((u) => u.code)).not.toContain('D01');
  });
});
