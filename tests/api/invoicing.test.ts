import { X509Certificate, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cadenaOriginal, timbreCadena, type CfdiElement } from '../../sandbox/facturapi/cfdi-document';
import { issueGlobalInvoice } from '../../src/server/invoicing/global-invoice';
import { monthOf } from '../../src/server/invoicing/settings';
import { body } from '../support/test-app';
import { skipDatabase } from '../support/test-database';
import { paidWithPayPal } from './checkin-helpers';
import { createOrderChangesApp, importWith, inDays } from './order-changes-helpers';
import { attachments, eventually, mailHeader, type PaymentsTestApp } from './payments/helpers';

/** The elements and attributes of an XML document without text content (a CFDI), in document order. */
function parsed(xml: string): CfdiElement {
  const stack: CfdiElement[] = [{ name: '#document', attributes: [], children: [] }];
  for (const [, closing, name, rest, selfClosing] of xml.replace(/<\?xml[^>]*\?>/, '').matchAll(/<(\/?)([\w:]+)((?:\s+[^\s=/>]+="[^"]*")*)\s*(\/?)>/g)) {
    if (closing) {
      stack.pop();
      continue;
    }
    const unescape = (v: string) => v.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#13;/g, '\r').replace(/&#10;/g, '\n').replace(/&#9;/g, '\t').replace(/&amp;/g, '&');
    const node: CfdiElement = { name, attributes: [...rest.matchAll(/([^\s=]+)="([^"]*)"/g)].map(([, k, v]) => [k, unescape(v)]), children: [] };
    stack.at(-1)!.children.push(node);
    if (!selfClosing) stack.push(node);
  }
  return stack[0].children[0];
}
const attr = (node: CfdiElement, name: string) => node.attributes.find(([k]) => k === name)?.[1];
const child = (node: CfdiElement, name: string) => node.children.find((c) => c.name === name)!;
const cents = (text: string | undefined) => Math.round(Number(text) * 100);

const COMPANY = { rfc: 'EKU9003173C9', razon_social: 'Escuela Kemper Urgate', regimen_fiscal: '601', codigo_postal: '26015', uso_cfdi: 'G03', email: 'compras@example.mx' };

/**
 * The buyer's CFDI 4.0 through the facturapi sandbox: requested with the order page's key, issued once,
 * sealed and stamped, e-mailed with PDF and XML; the month's global invoice of the rest; the CFDI
 * cancelled when the order is cancelled whole, credited (egreso) when in part.
 */
describe.skipIf(skipDatabase)('invoices (CFDI 4.0)', () => {
  let t: PaymentsTestApp;
  beforeAll(async () => {
    t = await createOrderChangesApp({ refund_policy: { until: inDays(30), fee_percent: 10 } });
  });
  afterAll(() => t.close());

  const state = async (id: string) => t.app.inject({ url: `/api/orders/${id}/invoice`, headers: { 'x-purchase-key': t.keyOf(id) } });
  const request = (id: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/orders/${id}/invoice`, headers: { 'x-purchase-key': t.keyOf(id) }, payload });
  const cancel = (id: string, payload: object = {}) => t.app.inject({ method: 'POST', url: `/api/orders/${id}/cancel`, headers: { 'x-purchase-key': t.keyOf(id) }, payload });
  const sandboxInvoices = async () => (await t.rows('sandbox_payment_objects', 'provider', 'facturapi')).filter((r) => r.kind === 'invoice');

  it('issues the ingreso once for a double submit: sealed, stamped, totals to the centavo, e-mailed, downloadable', async () => {
    const paid = await paidWithPayPal(t);
    const before = body(await state(paid.id));
    expect(before).toMatchObject({ estado: 'disponible', factura: null });
    expect(new Date(before.solicitar_hasta).getTime()).toBeGreaterThan(Date.now());
    expect(body(await t.app.inject({ url: `/api/orders/${paid.id}/invoice` })).code).toBe('ORDER_KEY_REQUIRED');

    const issuedBefore = (await sandboxInvoices()).length;
    const [first, second] = await Promise.all([request(paid.id, { ...COMPANY, guardar_datos: true }), request(paid.id, COMPANY)]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    const after = body(await state(paid.id));
    expect(after).toMatchObject({ estado: 'emitida', factura: { uuid: expect.stringMatching(/^[0-9A-F-]{36}$/), pdf: `/api/orders/${paid.id}/invoice.pdf` } });
    expect(after.datos_guardados).toEqual({ rfc: 'EKU9003173C9', razon_social: 'ESCUELA KEMPER URGATE', regimen_fiscal: '601', codigo_postal: '26015', uso_cfdi: 'G03' });
    expect((await sandboxInvoices()).length).toBe(issuedBefore + 1);
    expect(await t.rows('invoices', 'purchase_id', paid.id)).toHaveLength(1);
    expect(body(await request(paid.id, COMPANY)).factura.uuid).toBe(after.factura.uuid);

    const xmlAnswer = await t.app.inject({ url: `/api/orders/${paid.id}/invoice.xml`, headers: { 'x-purchase-key': t.keyOf(paid.id) } });
    expect(xmlAnswer.headers['content-type']).toMatch(/^application\/xml/);
    const cfdi = parsed(xmlAnswer.body);
    expect(cfdi.name).toBe('cfdi:Comprobante');
    expect(attr(cfdi, 'xsi:schemaLocation')).toBe('http://www.sat.gob.mx/cfd/4 http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd');
    for (const name of ['Version', 'Fecha', 'Sello', 'NoCertificado', 'Certificado', 'SubTotal', 'Moneda', 'Total', 'TipoDeComprobante', 'Exportacion', 'LugarExpedicion']) expect(attr(cfdi, name), name).toBeTruthy();
    expect([attr(cfdi, 'Version'), attr(cfdi, 'TipoDeComprobante'), attr(cfdi, 'FormaPago'), attr(cfdi, 'MetodoPago')]).toEqual(['4.0', 'I', '31', 'PUE']);
    expect(child(cfdi, 'cfdi:Receptor').attributes).toEqual([['Rfc', 'EKU9003173C9'], ['Nombre', 'ESCUELA KEMPER URGATE'], ['DomicilioFiscalReceptor', '26015'], ['RegimenFiscalReceptor', '601'], ['UsoCFDI', 'G03']]);
    // Totals: the purchase's, to the centavo; SubTotal − Descuento + IVA = Total; each concept's IVA = base × 0.16.
    const purchase = (await t.rows('purchases', 'id', paid.id))[0];
    const total = cents(attr(cfdi, 'Total'));
    expect(total).toBe(Number(purchase.amount_cents) + Number(purchase.products_cents));
    const taxes = child(cfdi, 'cfdi:Impuestos');
    expect(cents(attr(cfdi, 'SubTotal')) - cents(attr(cfdi, 'Descuento') ?? '0') + cents(attr(taxes, 'TotalImpuestosTrasladados'))).toBe(total);
    for (const concept of child(cfdi, 'cfdi:Conceptos').children) {
      const transfer = concept.children[0].children[0].children[0];
      expect(Math.abs(Number(attr(transfer, 'Importe')) - Number(attr(transfer, 'Base')) * 0.16)).toBeLessThan(0.000001);
    }
    // The seal verifies with the certificate's public key over the cadena original; the timbre's with the PAC's.
    const certificate = new X509Certificate(Buffer.from(attr(cfdi, 'Certificado')!, 'base64'));
    expect(verify('sha256', Buffer.from(cadenaOriginal(cfdi)), certificate.publicKey, Buffer.from(attr(cfdi, 'Sello')!, 'base64'))).toBe(true);
    const timbre = child(child(cfdi, 'cfdi:Complemento'), 'tfd:TimbreFiscalDigital');
    expect(attr(timbre, 'UUID')).toBe(after.factura.uuid);
    expect(attr(timbre, 'RfcProvCertif')).toBe('SPR190613I52');
    expect(attr(timbre, 'SelloCFD')).toBe(attr(cfdi, 'Sello'));
    expect(timbreCadena(timbre)).toMatch(/^\|\|1\.1\|/);
    // Tampered: a centavo more breaks the seal.
    const tampered = { ...cfdi, attributes: cfdi.attributes.map(([k, v]): [string, string] => (k === 'Total' ? [k, (Number(v) + 0.01).toFixed(2)] : [k, v])) };
    expect(verify('sha256', Buffer.from(cadenaOriginal(tampered)), certificate.publicKey, Buffer.from(attr(cfdi, 'Sello')!, 'base64'))).toBe(false);

    const pdf = await t.app.inject({ url: `/api/orders/${paid.id}/invoice.pdf`, headers: { 'x-purchase-key': t.keyOf(paid.id) } });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const invoiceMail = () => t.mails().find((m) => attachments(m.text).some((a) => a.filename === `factura_${after.factura.uuid}.xml`));
    await eventually(() => invoiceMail() !== undefined);
    const files = attachments(invoiceMail()!.text);
    expect(files.map((a) => [a.filename, a.contentType])).toEqual([[`factura_${after.factura.uuid}.pdf`, 'application/pdf'], [`factura_${after.factura.uuid}.xml`, 'application/xml']]);
    expect(files[1].content.toString('utf8')).toBe(xmlAnswer.body);
    expect(mailHeader(invoiceMail()!.text, 'To')).toBe('compras@example.mx');
  });

  it('refuses a uso de CFDI the régimen does not allow, with the field named', async () => {
    const paid = await paidWithPayPal(t);
    const answer = await request(paid.id, { ...COMPANY, uso_cfdi: 'D10' });
    expect(answer.statusCode).toBe(400);
    expect(body(answer)).toMatchObject({ code: 'FORM_INVALID', errors: [{ path: '/uso_cfdi', message: 'El uso D10 no corresponde al régimen 601.' }] });
    expect(await t.rows('invoices', 'purchase_id', paid.id)).toHaveLength(0);
    // A buyer reading the page in English gets the field's problem in English.
    const english = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${paid.id}/invoice`,
      headers: { 'x-purchase-key': t.keyOf(paid.id), 'accept-language': 'en' },
      payload: { ...COMPANY, uso_cfdi: 'D10', codigo_postal: '2601' },
    });
    expect(body(english).errors).toEqual([
      { path: '/codigo_postal', message: 'The postal code of your tax address has 5 digits.' },
      { path: '/uso_cfdi', message: 'Use D10 does not go with regime 601.' },
    ]);
  });

  it('the global invoice takes the month\'s sales nobody invoiced, once per month', async () => {
    const invoiced = await paidWithPayPal(t);
    expect((await request(invoiced.id, COMPANY)).statusCode).toBe(200);
    const plain = await paidWithPayPal(t);
    const month = monthOf(new Date());
    const run = await issueGlobalInvoice(t.ctx, month);
    expect(run.outcome).toBe('issued');
    const covered = async (id: string) => (await t.rows('invoiced_purchases', 'purchase_id', id))[0]?.invoice_id;
    expect(await covered(plain.id)).toBe(run.invoice!.id);
    expect(await covered(invoiced.id)).not.toBe(run.invoice!.id);
    const cfdi = parsed(run.invoice!.xml!);
    expect(child(cfdi, 'cfdi:InformacionGlobal').attributes).toEqual([['Periodicidad', '04'], ['Meses', month.slice(5)], ['Año', month.slice(0, 4)]]);
    expect(attr(child(cfdi, 'cfdi:Receptor'), 'Rfc')).toBe('XAXX010101000');
    const skus = child(cfdi, 'cfdi:Conceptos').children.map((c) => attr(c, 'NoIdentificacion'));
    expect(skus).toContain(plain.id);
    expect(skus).not.toContain(invoiced.id);
    expect(cents(attr(cfdi, 'Total'))).toBe(run.invoice!.total_cents);
    // Again: the same invoice, nothing new; the buyer of a sale in it can no longer request theirs.
    const again = await issueGlobalInvoice(t.ctx, month);
    expect(again).toMatchObject({ outcome: 'already', invoice: { id: run.invoice!.id } });
    expect(body(await state(plain.id)).estado).toBe('en_factura_global');
    expect(body(await request(plain.id, COMPANY)).code).toBe('INVOICE_IN_GLOBAL');
  });

  it('a partial cancellation gets a credit note related to the invoice; the last one cancels the CFDI', async () => {
    const paid = await paidWithPayPal(t);
    const issued = body(await request(paid.id, COMPANY)).factura;
    expect((await cancel(paid.id, { ticket_ids: [paid.tickets[0].id] })).statusCode).toBe(200);
    const egresos = (await t.rows('invoices', 'purchase_id', paid.id)).filter((r) => r.kind === 'egreso');
    expect(egresos).toHaveLength(1);
    const note = parsed(egresos[0].xml);
    expect(attr(note, 'TipoDeComprobante')).toBe('E');
    expect(child(note, 'cfdi:CfdiRelacionados')).toMatchObject({ attributes: [['TipoRelacion', '01']], children: [{ attributes: [['UUID', issued.uuid]] }] });
    expect(cents(attr(note, 'Total'))).toBe(9000);

    expect((await cancel(paid.id)).statusCode).toBe(200);
    expect(body(await state(paid.id))).toMatchObject({ estado: 'cancelada', factura: { uuid: issued.uuid } });
    const [ingreso] = (await t.rows('invoices', 'purchase_id', paid.id)).filter((r) => r.kind === 'ingreso');
    expect(ingreso).toMatchObject({ status: 'cancelled', cancellation_motive: '02' });
    const atProvider = (await sandboxInvoices()).find((r) => r.id === ingreso.provider_id)!;
    expect(atProvider.status).toBe('canceled');
  });

  it('an invoice asked after a partial cancellation comes with the credit note of what went back', async () => {
    const paid = await paidWithPayPal(t);
    expect((await cancel(paid.id, { ticket_ids: [paid.tickets[0].id] })).statusCode).toBe(200);
    const issued = body(await request(paid.id, COMPANY)).factura;
    const rows = await t.rows('invoices', 'purchase_id', paid.id);
    expect(rows.map((r) => [r.kind, r.status]).sort()).toEqual([['egreso', 'issued'], ['ingreso', 'issued']]);
    const note = parsed(rows.find((r) => r.kind === 'egreso')!.xml);
    expect(attr(child(child(note, 'cfdi:CfdiRelacionados'), 'cfdi:CfdiRelacionado'), 'UUID')).toBe(issued.uuid);
    expect(cents(attr(note, 'Total'))).toBe(9000);
  });

  it('after the request window, a request is refused with the date', async () => {
    await importWith(t, { invoicing: { request_until: inDays(-1) } });
    const paid = await paidWithPayPal(t);
    expect(body(await state(paid.id))).toMatchObject({ estado: 'plazo_vencido', solicitar_hasta: expect.any(String) });
    const answer = await request(paid.id, COMPANY);
    expect(answer.statusCode).toBe(409);
    expect(body(answer)).toMatchObject({ code: 'INVOICE_WINDOW_CLOSED', mensaje: expect.stringContaining('factura global') });
  });
});
