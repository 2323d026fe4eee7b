import QRCode from 'qrcode';
import { attribute, type CfdiElement } from './cfdi-document';
import { TEST_STAMP_NOTICE } from './stamp';

/** The stored facts the PDF prints beside the XML's: the seals and the verification link. */
export interface PrintedStamp {
  uuid: string;
  stampedAt: string;
  cadena: string;
  timbreCadena: string;
  selloSat: string;
  satCertificateNumber: string;
  verificationUrl: string;
}

const TYPE_NAMES: Record<string, string> = { I: 'Ingreso', E: 'Egreso' };

/** Long seals printed in full but small, wrapped anywhere (pdfkit wraps at spaces only). */
function breakable(text: string): string {
  return text.replace(/(.{90})/g, '$1 ');
}

/**
 * The printed representation of a CFDI (what a tax adviser expects to see): issuer and receiver with
 * their RFC and regime, the concepts with their SAT keys and amounts, the taxes and totals, the folio
 * fiscal (UUID), the seals and certificate numbers, the cadena original of the timbre, and the QR
 * code with SAT's verification link. Every page says it is a sandbox test stamp. Helvetica's Latin-1
 * covers Spanish text; anything else prints as `?`.
 */
export async function invoicePdf(document: CfdiElement, stamp: PrintedStamp): Promise<Buffer> {
  // pdfkit is loaded at the first invoice drawn: a sandbox that never prints one never holds it.
  const { default: PDFDocument } = await import('pdfkit');
  const pdf = new PDFDocument({ size: 'LETTER', margin: 40, info: { Title: `CFDI ${stamp.uuid}`, Producer: 'facturapi sandbox' } });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => pdf.on('end', () => resolve(Buffer.concat(chunks))));
  const get = (name: string) => document.children.find((c) => c.name === name);
  const emisor = get('cfdi:Emisor')!;
  const receptor = get('cfdi:Receptor')!;
  const a = (node: CfdiElement, name: string) => attribute(node, name) ?? '';
  const qr = await QRCode.toBuffer(stamp.verificationUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 220 });

  pdf.fillColor('#b00020').font('Helvetica-Bold').fontSize(10).text(TEST_STAMP_NOTICE.toUpperCase(), { align: 'center' });
  pdf.moveDown(0.5).fillColor('black').fontSize(16).text(`Factura (CFDI 4.0) — ${TYPE_NAMES[a(document, 'TipoDeComprobante')] ?? a(document, 'TipoDeComprobante')}`);
  pdf.font('Helvetica').fontSize(9);
  pdf.text(`Serie y folio: ${a(document, 'Serie')}-${a(document, 'Folio')}    Fecha de emisión: ${a(document, 'Fecha')}    Lugar de expedición: ${a(document, 'LugarExpedicion')}`);
  pdf.text(`Folio fiscal (UUID): ${stamp.uuid}    Fecha de certificación: ${stamp.stampedAt}`);
  pdf.moveDown();
  pdf.font('Helvetica-Bold').text('Emisor').font('Helvetica');
  pdf.text(`${a(emisor, 'Nombre')}    RFC: ${a(emisor, 'Rfc')}    Régimen fiscal: ${a(emisor, 'RegimenFiscal')}`);
  pdf.font('Helvetica-Bold').text('Receptor').font('Helvetica');
  pdf.text(`${a(receptor, 'Nombre')}    RFC: ${a(receptor, 'Rfc')}    Régimen fiscal: ${a(receptor, 'RegimenFiscalReceptor')}`);
  pdf.text(`Domicilio fiscal (C.P.): ${a(receptor, 'DomicilioFiscalReceptor')}    Uso del CFDI: ${a(receptor, 'UsoCFDI')}`);
  const global = get('cfdi:InformacionGlobal');
  if (global) pdf.text(`Información global: periodicidad ${a(global, 'Periodicidad')}, meses ${a(global, 'Meses')}, año ${a(global, 'Año')}`);
  const related = get('cfdi:CfdiRelacionados');
  if (related) pdf.text(`CFDI relacionados (tipo de relación ${a(related, 'TipoRelacion')}): ${related.children.map((c) => a(c, 'UUID')).join(', ')}`);
  pdf.moveDown();

  pdf.font('Helvetica-Bold').text('Clave  ·  Cantidad  ·  Unidad  ·  Descripción  ·  Valor unitario  ·  Descuento  ·  Importe  ·  IVA').font('Helvetica');
  for (const concept of get('cfdi:Conceptos')!.children) {
    const transfer = concept.children[0]?.children[0]?.children[0];
    const tax = transfer ? (a(transfer, 'TipoFactor') === 'Exento' ? 'Exento' : `${a(transfer, 'Importe')} (tasa ${a(transfer, 'TasaOCuota')})`) : '';
    pdf.text(
      `${a(concept, 'ClaveProdServ')}  ·  ${a(concept, 'Cantidad')}  ·  ${a(concept, 'ClaveUnidad')}  ·  ${a(concept, 'Descripcion')}  ·  ${a(concept, 'ValorUnitario')}  ·  ${a(concept, 'Descuento') || '0'}  ·  ${a(concept, 'Importe')}  ·  ${tax}`,
    );
  }
  pdf.moveDown();
  const taxes = get('cfdi:Impuestos');
  pdf.text(`Subtotal: $${a(document, 'SubTotal')}`, { align: 'right' });
  if (attribute(document, 'Descuento')) pdf.text(`Descuento: $${a(document, 'Descuento')}`, { align: 'right' });
  if (taxes && attribute(taxes, 'TotalImpuestosTrasladados')) pdf.text(`IVA trasladado: $${a(taxes, 'TotalImpuestosTrasladados')}`, { align: 'right' });
  pdf.font('Helvetica-Bold').text(`Total: $${a(document, 'Total')} ${a(document, 'Moneda')}`, { align: 'right' }).font('Helvetica');
  pdf.text(`Forma de pago: ${a(document, 'FormaPago')}    Método de pago: ${a(document, 'MetodoPago')}    Exportación: ${a(document, 'Exportacion')}`);
  if (attribute(document, 'CondicionesDePago')) pdf.text(`Condiciones de pago: ${a(document, 'CondicionesDePago')}`);
  pdf.moveDown();

  const qrTop = pdf.y;
  pdf.image(qr, 40, qrTop, { width: 110 });
  pdf.fontSize(7).text(`No. de certificado del emisor: ${a(document, 'NoCertificado')}    No. de certificado del PAC: ${stamp.satCertificateNumber}`, 160, qrTop);
  pdf.font('Helvetica-Bold').text('Sello digital del CFDI').font('Helvetica').text(breakable(a(document, 'Sello')));
  pdf.font('Helvetica-Bold').text('Sello del PAC (prueba)').font('Helvetica').text(breakable(stamp.selloSat));
  pdf.font('Helvetica-Bold').text('Cadena original del complemento de certificación digital').font('Helvetica').text(breakable(stamp.timbreCadena));
  pdf.moveDown().font('Helvetica-Bold').text(TEST_STAMP_NOTICE, 40);
  pdf.font('Helvetica').text('Este documento es una representación impresa de un CFDI timbrado por el sandbox, no por un PAC autorizado por el SAT.', 40);
  pdf.end();
  return done;
}
