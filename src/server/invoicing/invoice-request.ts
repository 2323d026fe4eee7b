import { Rfc } from '@nodecfdi/rfc';
import type { InvoiceRequest } from '../../shared/api';
import { invoiceUse, taxRegime, usesAllowed, type TaxpayerKind } from '../../shared/invoicing/sat-catalogues';
import { errors, type FieldProblem } from '../http/app-error';

/** The buyer's fiscal data as the CFDI states them (RFC and name upper case, trimmed). */
export interface Receiver {
  rfc: string;
  legalName: string;
  regime: string;
  zip: string;
  use: string;
  email: string;
  kind: TaxpayerKind;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Checks an invoice request field by field: the RFC's format and check digit (@nodecfdi/rfc; 13
 * characters a person, 12 a company; the generic and foreign RFCs are refused: those sales go into the
 * global invoice), the name, the régimen in `c_RegimenFiscal` and for that kind of taxpayer, the
 * postal code, the uso de CFDI in `c_UsoCFDI` and allowed for that régimen, the e-mail. Every problem
 * at once, as 400 FORM_INVALID with one error per field, in the request's language (`invoiceFields`).
 */
export function checkedReceiver(request: InvoiceRequest): Receiver {
  const problems: FieldProblem[] = [];
  const rfcText = request.rfc.trim().toUpperCase();
  const parsed = Rfc.isValid(rfcText, Rfc.DISALLOW_GENERIC | Rfc.DISALLOW_FOREIGN) ? Rfc.parse(rfcText) : null;
  // The homoclave's last character is a check digit over the rest: a mistyped character fails it.
  const rfc = parsed?.doesCheckSumMatch() ? parsed : null;
  if (!rfc) problems.push({ path: '/rfc', message: { key: 'invoiceFields.rfc' } });
  const kind: TaxpayerKind | undefined = rfc ? (rfc.isFisica() ? 'fisica' : 'moral') : undefined;
  const legalName = request.razon_social.trim().replace(/\s+/g, ' ').toUpperCase();
  if (legalName.length === 0) problems.push({ path: '/razon_social', message: { key: 'invoiceFields.legalName' } });
  const regime = taxRegime(request.regimen_fiscal);
  if (!regime) problems.push({ path: '/regimen_fiscal', message: { key: 'invoiceFields.regimeUnknown' } });
  else if (kind && !regime.applies.includes(kind)) {
    problems.push({ path: '/regimen_fiscal', message: { key: kind === 'fisica' ? 'invoiceFields.regimeNotFisica' : 'invoiceFields.regimeNotMoral', values: { regime: regime.code } } });
  }
  if (!/^\d{5}$/.test(request.codigo_postal)) problems.push({ path: '/codigo_postal', message: { key: 'invoiceFields.zip' } });
  const use = invoiceUse(request.uso_cfdi);
  if (!use) problems.push({ path: '/uso_cfdi', message: { key: 'invoiceFields.useUnknown' } });
  else if (regime && kind && !usesAllowed(kind, regime.code).some((allowed) => allowed.code === use.code)) {
    problems.push({ path: '/uso_cfdi', message: { key: 'invoiceFields.useNotForRegime', values: { use: use.code, regime: regime.code } } });
  }
  const email = request.email.trim().toLowerCase();
  if (!EMAIL.test(email)) problems.push({ path: '/email', message: { key: 'invoiceFields.email' } });
  if (problems.length > 0) throw errors.formInvalid(problems);
  return { rfc: rfcText, legalName, regime: regime!.code, zip: request.codigo_postal, use: use!.code, email, kind: kind! };
}
