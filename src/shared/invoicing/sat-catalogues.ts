/**
 * The SAT catalogues a buyer's invoice request is checked against (CFDI 4.0, `catCFDI`): the tax
 * regimes (`c_RegimenFiscal`) with the persons they apply to, and the uses of an invoice
 * (`c_UsoCFDI`) with the regimes each one may be used with (the catalogue's "Régimen Fiscal
 * Receptor" column). Where they come from: see src/shared/invoicing/README.md.
 */

/** Who a regime or a use applies to: a person (persona física, 13-character RFC) or a company (persona moral, 12). */
export type TaxpayerKind = 'fisica' | 'moral';

export interface TaxRegime {
  code: string;
  description: string;
  applies: readonly TaxpayerKind[];
}

export interface InvoiceUse {
  code: string;
  description: string;
  applies: readonly TaxpayerKind[];
  /** The regimes (codes) a receiver may have to use it. */
  regimes: readonly string[];
}

const BOTH: readonly TaxpayerKind[] = ['fisica', 'moral'];
const FISICA: readonly TaxpayerKind[] = ['fisica'];
const MORAL: readonly TaxpayerKind[] = ['moral'];

export const TAX_REGIMES: readonly TaxRegime[] = [
  { code: '601', description: 'General de Ley Personas Morales', applies: MORAL },
  { code: '603', description: 'Personas Morales con Fines no Lucrativos', applies: MORAL },
  { code: '605', description: 'Sueldos y Salarios e Ingresos Asimilados a Salarios', applies: FISICA },
  { code: '606', description: 'Arrendamiento', applies: FISICA },
  { code: '607', description: 'Régimen de Enajenación o Adquisición de Bienes', applies: FISICA },
  { code: '608', description: 'Demás ingresos', applies: FISICA },
  { code: '610', description: 'Residentes en el Extranjero sin Establecimiento Permanente en México', applies: BOTH },
  { code: '611', description: 'Ingresos por Dividendos (socios y accionistas)', applies: FISICA },
  { code: '612', description: 'Personas Físicas con Actividades Empresariales y Profesionales', applies: FISICA },
  { code: '614', description: 'Ingresos por intereses', applies: FISICA },
  { code: '615', description: 'Régimen de los ingresos por obtención de premios', applies: FISICA },
  { code: '616', description: 'Sin obligaciones fiscales', applies: FISICA },
  { code: '620', description: 'Sociedades Cooperativas de Producción que optan por diferir sus ingresos', applies: MORAL },
  { code: '621', description: 'Incorporación Fiscal', applies: FISICA },
  { code: '622', description: 'Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras', applies: BOTH },
  { code: '623', description: 'Opcional para Grupos de Sociedades', applies: MORAL },
  { code: '624', description: 'Coordinados', applies: MORAL },
  { code: '625', description: 'Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas', applies: FISICA },
  { code: '626', description: 'Régimen Simplificado de Confianza', applies: BOTH },
];

/** The regimes of a business (the G and I uses). */
const BUSINESS = ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'];
/** The regimes of a person's personal deductions (the D uses). */
const PERSONAL = ['605', '606', '607', '608', '611', '612', '614', '615', '625'];
/** Every regime but none: "sin efectos fiscales". */
const ANY = ['601', '603', '605', '606', '607', '608', '610', '611', '612', '614', '615', '616', '620', '621', '622', '623', '624', '625', '626'];

/** The uses of an ingreso invoice a buyer may choose (the catalogue's CP01 payments and CN01 payroll are other kinds of CFDI). */
export const INVOICE_USES: readonly InvoiceUse[] = [
  { code: 'G01', description: 'Adquisición de mercancías', applies: BOTH, regimes: BUSINESS },
  { code: 'G02', description: 'Devoluciones, descuentos o bonificaciones', applies: BOTH, regimes: BUSINESS },
  { code: 'G03', description: 'Gastos en general', applies: BOTH, regimes: BUSINESS },
  { code: 'I01', description: 'Construcciones', applies: BOTH, regimes: BUSINESS },
  { code: 'I02', description: 'Mobiliario y equipo de oficina por inversiones', applies: BOTH, regimes: BUSINESS },
  { code: 'I03', description: 'Equipo de transporte', applies: BOTH, regimes: BUSINESS },
  { code: 'I04', description: 'Equipo de computo y accesorios', applies: BOTH, regimes: BUSINESS },
  { code: 'I05', description: 'Dados, troqueles, moldes, matrices y herramental', applies: BOTH, regimes: BUSINESS },
  { code: 'I06', description: 'Comunicaciones telefónicas', applies: BOTH, regimes: BUSINESS },
  { code: 'I07', description: 'Comunicaciones satelitales', applies: BOTH, regimes: BUSINESS },
  { code: 'I08', description: 'Otra maquinaria y equipo', applies: BOTH, regimes: BUSINESS },
  { code: 'D01', description: 'Honorarios médicos, dentales y gastos hospitalarios', applies: FISICA, regimes: PERSONAL },
  { code: 'D02', description: 'Gastos médicos por incapacidad o discapacidad', applies: FISICA, regimes: PERSONAL },
  { code: 'D03', description: 'Gastos funerales', applies: FISICA, regimes: PERSONAL },
  { code: 'D04', description: 'Donativos', applies: FISICA, regimes: PERSONAL },
  { code: 'D05', description: 'Intereses reales efectivamente pagados por créditos hipotecarios (casa habitación)', applies: FISICA, regimes: PERSONAL },
  { code: 'D06', description: 'Aportaciones voluntarias al SAR', applies: FISICA, regimes: PERSONAL },
  { code: 'D07', description: 'Primas por seguros de gastos médicos', applies: FISICA, regimes: PERSONAL },
  { code: 'D08', description: 'Gastos de transportación escolar obligatoria', applies: FISICA, regimes: PERSONAL },
  { code: 'D09', description: 'Depósitos en cuentas para el ahorro, primas que tengan como base planes de pensiones', applies: FISICA, regimes: PERSONAL },
  { code: 'D10', description: 'Pagos por servicios educativos (colegiaturas)', applies: FISICA, regimes: PERSONAL },
  { code: 'S01', description: 'Sin efectos fiscales', applies: BOTH, regimes: ANY },
];

/** The payment forms (`c_FormaPago`) this checkout's payments map to. */
export const PAYMENT_FORMS = {
  cash: '01',
  transfer: '03',
  creditCard: '04',
  debitCard: '28',
  intermediary: '31',
} as const;
export type PaymentFormCode = (typeof PAYMENT_FORMS)[keyof typeof PAYMENT_FORMS];

/** The régimen of a given code, or undefined. */
export function taxRegime(code: string): TaxRegime | undefined {
  return TAX_REGIMES.find((regime) => regime.code === code);
}

/** The use of a given code, or undefined. */
export function invoiceUse(code: string): InvoiceUse | undefined {
  return INVOICE_USES.find((use) => use.code === code);
}

/** The uses a receiver of this kind and regime may choose (the form's list of "uso de CFDI"). */
export function usesAllowed(kind: TaxpayerKind, regimeCode: string): InvoiceUse[] {
  return INVOICE_USES.filter((use) => use.applies.includes(kind) && use.regimes.includes(regimeCode));
}
