import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Credential } from '@nodecfdi/credentials/node';
import {
  centsText,
  cfdiTotals,
  conceptFigures,
  microText,
  rateText,
  type ConceptAmounts,
} from '../../src/shared/invoicing/cfdi-amounts';
import {
  attribute,
  cadenaOriginal,
  CFDI_NS,
  CFDI_SCHEMA_LOCATION,
  element,
  setAttribute,
  TFD_NS,
  TFD_SCHEMA_LOCATION,
  timbreCadena,
  XSI_NS,
  type CfdiElement,
} from './cfdi-document';

/** SAT's test PAC (the RFC SAT's own test stamps carry): the sandbox's timbres name it, never a real PAC. */
export const SANDBOX_PAC_RFC = 'SPR190613I52';
/** Said in every timbre and on every PDF: these documents have no fiscal validity. */
export const TEST_STAMP_NOTICE = 'Timbre de prueba del sandbox: sin validez fiscal';

const file = (name: string) => fileURLToPath(new URL(`./test-csd/${name}`, import.meta.url));
const PASSWORD = () => readFileSync(file('password.txt'), 'utf8').trim();

/** A SAT test credential: the key that signs, and what the XML says of its certificate. */
interface TestCredential {
  credential: Credential;
  certificateNumber: string;
  certificateBase64: string;
}

function openCredential(prefix: string): TestCredential {
  const credential = Credential.openFiles(file(`${prefix}-certificate.cer`), file(`${prefix}-private_key.key`), PASSWORD());
  return {
    credential,
    certificateNumber: credential.certificate().serialNumber().bytes(),
    certificateBase64: readFileSync(file(`${prefix}-certificate.cer`)).toString('base64'),
  };
}

let credentials: { issuer: TestCredential; pac: TestCredential } | undefined;
/** The issuer's test CSD (SAT's AAA010101AAA) and the key the sandbox PAC seals its timbres with; read once. */
export function sandboxCredentials() {
  credentials ??= { issuer: openCredential('issuer'), pac: openCredential('pac') };
  return credentials;
}

/** The sandbox organisation that issues: the test CSD's own RFC and name. */
export function sandboxIssuer() {
  const { credential } = sandboxCredentials().issuer;
  return { rfc: credential.rfc(), name: credential.legalName(), regime: '601', zip: '06600' };
}

/**
 * SHA-256 with RSA over the UTF-8 text, in base64 (the Sello of Anexo 20). The library hashes a
 * string's characters as bytes (node-forge's raw strings): it is given the UTF-8 bytes as such.
 */
function seal(credential: Credential, text: string): string {
  return Buffer.from(credential.sign(Buffer.from(text, 'utf8').toString('binary')), 'binary').toString('base64');
}

/** A concept of the invoice as the sandbox received it. */
export interface StampConcept {
  productKey: string;
  unitKey: string;
  unitName: string | undefined;
  description: string;
  sku: string | undefined;
  amounts: ConceptAmounts;
}

/** What a CFDI is made from: the request the sandbox accepted, its series and folio. */
export interface StampInput {
  type: 'I' | 'E';
  series: string;
  folio: number;
  /** Fecha: the local time in Mexico City, as Anexo 20 writes it (no zone). */
  date: string;
  paymentForm: string;
  paymentMethod: string;
  /** CondicionesDePago (facturapi's `conditions`): free text, absent when the body has none. */
  conditions: string | undefined;
  issuer: { rfc: string; name: string; regime: string; zip: string };
  customer: { taxId: string; legalName: string; taxSystem: string; zip: string };
  use: string;
  global: { periodicity: string; months: string; year: number } | undefined;
  related: { relationship: string; uuids: string[] } | undefined;
  concepts: StampConcept[];
}

/** c_Periodicidad of facturapi's `global.periodicity`. */
const PERIODICITY: Record<string, string> = { day: '01', week: '02', fortnight: '03', month: '04', two_months: '05' };

function conceptElement(concept: StampConcept): CfdiElement {
  const f = conceptFigures(concept.amounts);
  const transfer =
    f.tax.kind === 'iva'
      ? element('cfdi:Traslado', [['Base', microText(f.baseMicro)], ['Impuesto', '002'], ['TipoFactor', 'Tasa'], ['TasaOCuota', rateText(f.tax.rateBasisPoints)], ['Importe', microText(f.taxMicro)]])
      : element('cfdi:Traslado', [['Base', microText(f.baseMicro)], ['Impuesto', '002'], ['TipoFactor', 'Exento']]);
  return element(
    'cfdi:Concepto',
    [
      ['ClaveProdServ', concept.productKey],
      ['NoIdentificacion', concept.sku],
      ['Cantidad', String(concept.amounts.quantity)],
      ['ClaveUnidad', concept.unitKey],
      ['Unidad', concept.unitName],
      ['Descripcion', concept.description],
      ['ValorUnitario', microText(f.unitValueMicro)],
      ['Importe', microText(f.importeMicro)],
      ['Descuento', f.discountMicro > 0 ? microText(f.discountMicro) : undefined],
      ['ObjetoImp', '02'],
    ],
    [element('cfdi:Impuestos', [], [element('cfdi:Traslados', [], [transfer])])],
  );
}

/** The Comprobante, unsealed: every amount from the shared CFDI arithmetic. */
export function comprobante(input: StampInput): CfdiElement {
  const totals = cfdiTotals(input.concepts.map((c) => c.amounts));
  const anyDiscount = input.concepts.some((c) => c.amounts.discountMicro > 0);
  const children: CfdiElement[] = [];
  if (input.global) {
    children.push(element('cfdi:InformacionGlobal', [['Periodicidad', PERIODICITY[input.global.periodicity] ?? input.global.periodicity], ['Meses', input.global.months], ['Año', String(input.global.year)]]));
  }
  if (input.related) {
    children.push(element('cfdi:CfdiRelacionados', [['TipoRelacion', input.related.relationship]], input.related.uuids.map((uuid) => element('cfdi:CfdiRelacionado', [['UUID', uuid]]))));
  }
  children.push(element('cfdi:Emisor', [['Rfc', input.issuer.rfc], ['Nombre', input.issuer.name], ['RegimenFiscal', input.issuer.regime]]));
  children.push(
    element('cfdi:Receptor', [
      ['Rfc', input.customer.taxId],
      ['Nombre', input.customer.legalName],
      ['DomicilioFiscalReceptor', input.customer.zip],
      ['RegimenFiscalReceptor', input.customer.taxSystem],
      ['UsoCFDI', input.use],
    ]),
  );
  children.push(element('cfdi:Conceptos', [], input.concepts.map(conceptElement)));
  const transfers = totals.transfers.map((line) =>
    line.rateBasisPoints === null
      ? element('cfdi:Traslado', [['Base', centsText(line.baseCents)], ['Impuesto', '002'], ['TipoFactor', 'Exento']])
      : element('cfdi:Traslado', [['Base', centsText(line.baseCents)], ['Impuesto', '002'], ['TipoFactor', 'Tasa'], ['TasaOCuota', rateText(line.rateBasisPoints)], ['Importe', centsText(line.taxCents)]]),
  );
  children.push(element('cfdi:Impuestos', [['TotalImpuestosTrasladados', totals.taxCents === null ? undefined : centsText(totals.taxCents)]], [element('cfdi:Traslados', [], transfers)]));
  const { issuer } = sandboxCredentials();
  return element(
    'cfdi:Comprobante',
    [
      ['xmlns:cfdi', CFDI_NS],
      ['xmlns:xsi', XSI_NS],
      ['xsi:schemaLocation', CFDI_SCHEMA_LOCATION],
      ['Version', '4.0'],
      ['Serie', input.series],
      ['Folio', String(input.folio)],
      ['Fecha', input.date],
      ['FormaPago', input.paymentForm],
      ['NoCertificado', issuer.certificateNumber],
      ['CondicionesDePago', input.conditions],
      ['SubTotal', centsText(totals.subTotalCents)],
      ['Descuento', anyDiscount ? centsText(totals.discountCents) : undefined],
      ['Moneda', 'MXN'],
      ['Total', centsText(totals.totalCents)],
      ['TipoDeComprobante', input.type],
      ['Exportacion', '01'],
      ['MetodoPago', input.paymentMethod],
      ['LugarExpedicion', input.issuer.zip],
      ['Sello', ''],
      ['Certificado', issuer.certificateBase64],
    ],
    children,
  );
}

/** What stamping gave: the sealed and stamped XML tree, its UUID and the seals. */
export interface Stamped {
  document: CfdiElement;
  uuid: string;
  stampedAt: string;
  cadena: string;
  sello: string;
  selloSat: string;
  satCertificateNumber: string;
  timbreCadena: string;
}

/**
 * Seals the Comprobante with the issuer's test CSD (Sello over its cadena original) and adds the
 * sandbox PAC's TimbreFiscalDigital 1.1: a new UUID, the stamp time, SAT's test PAC RFC, a Leyenda
 * saying it is a test stamp, and SelloSAT over the timbre's cadena with the PAC's test key.
 */
export function sealAndStamp(document: CfdiElement, stampedAt: string): Stamped {
  const { issuer, pac } = sandboxCredentials();
  const cadena = cadenaOriginal(document);
  const sello = seal(issuer.credential, cadena);
  setAttribute(document, 'Sello', sello);
  const uuid = randomUUID().toUpperCase();
  const timbre = element('tfd:TimbreFiscalDigital', [
    ['xmlns:tfd', TFD_NS],
    ['xsi:schemaLocation', TFD_SCHEMA_LOCATION],
    ['Version', '1.1'],
    ['UUID', uuid],
    ['FechaTimbrado', stampedAt],
    ['RfcProvCertif', SANDBOX_PAC_RFC],
    ['Leyenda', TEST_STAMP_NOTICE],
    ['SelloCFD', sello],
    ['NoCertificadoSAT', pac.certificateNumber],
  ]);
  const tfdCadena = timbreCadena(timbre);
  const selloSat = seal(pac.credential, tfdCadena);
  timbre.attributes.push(['SelloSAT', selloSat]);
  document.children.push(element('cfdi:Complemento', [], [timbre]));
  return { document, uuid, stampedAt, cadena, sello, selloSat, satCertificateNumber: pac.certificateNumber, timbreCadena: tfdCadena };
}

/** Anexo 20's Fecha: a moment as Mexico City's wall clock, `YYYY-MM-DDTHH:mm:ss`. */
export function mexicoCityTime(moment: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(moment)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** SAT's verification link of a CFDI (the PDF's QR): id, issuer, receiver, total, last 8 characters of the seal. */
export function verificationUrl(document: CfdiElement, uuid: string): string {
  const emisor = document.children.find((c) => c.name === 'cfdi:Emisor')!;
  const receptor = document.children.find((c) => c.name === 'cfdi:Receptor')!;
  const total = attribute(document, 'Total')!;
  const sello = attribute(document, 'Sello')!;
  const query = new URLSearchParams({ id: uuid, re: attribute(emisor, 'Rfc')!, rr: attribute(receptor, 'Rfc')!, tt: total, fe: sello.slice(-8) });
  return `https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?${query.toString().replace(/%3D/g, '=').replace(/%2F/g, '/').replace(/%2B/g, '+')}`;
}
