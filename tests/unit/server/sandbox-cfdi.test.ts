import { X509Certificate, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cadenaOriginal, cfdiXml } from '../../../sandbox/facturapi/cfdi-document';
import { comprobante, sandboxIssuer, sealAndStamp, type StampInput } from '../../../sandbox/facturapi/stamp';
import { IVA_16 } from '../../../src/shared/invoicing/cfdi-amounts';

const input: StampInput = {
  type: 'I', series: 'F', folio: 7, date: '2026-11-20T10:00:00', paymentForm: '04', paymentMethod: 'PUE', conditions: undefined, issuer: sandboxIssuer(),
  customer: { taxId: 'EKU9003173C9', legalName: 'ESCUELA KEMPER URGATE', taxSystem: '601', zip: '26015' }, use: 'G03', global: undefined,
  related: { relationship: '01', uuids: ['11111111-2222-4333-8444-555555555555'] },
  concepts: [{ productKey: '90151802', unitKey: 'E48', unitName: undefined, description: 'General — Año  nuevo', sku: 'T1', amounts: { quantity: 3, unitValueMicro: 287_353_448, discountMicro: 86_206_034, tax: IVA_16 } }],
};

describe('the sandbox PAC\'s CFDI', () => {
  it('writes the cadena original in the order of SAT\'s cadenaoriginal_4_0.xslt, spaces collapsed, without Sello and Certificado', () => {
    const doc = comprobante(input);
    expect(cadenaOriginal(doc)).toBe(
      `||4.0|F|7|2026-11-20T10:00:00|04|30001000000300023708|862.06|86.21|MXN|899.99|I|01|PUE|06600` +
        `|01|11111111-2222-4333-8444-555555555555` +
        `|AAA010101AAA|ACCEM SERVICIOS EMPRESARIALES SC|601` +
        `|EKU9003173C9|ESCUELA KEMPER URGATE|26015|601|G03` +
        `|90151802|T1|3|E48|General — Año nuevo|287.353448|862.060344|86.206034|02|775.854310|002|Tasa|0.160000|124.136690` +
        `|775.85|002|Tasa|0.160000|124.14|124.14||`,
    );
  });

  it('states CondicionesDePago after NoCertificado when the payment had a card plan (in the XML and the cadena), and nothing without one', () => {
    const plan = '6 meses sin intereses de $150.00 (total $899.99)';
    const doc = comprobante({ ...input, conditions: plan });
    expect(cfdiXml(doc)).toContain(`NoCertificado="30001000000300023708" CondicionesDePago="${plan}" SubTotal="862.06"`);
    expect(cadenaOriginal(doc)).toContain(`|04|30001000000300023708|${plan}|862.06|`);
    expect(cfdiXml(comprobante(input))).not.toContain('CondicionesDePago');
  });

  it('seals it with the test CSD and stamps a test timbre; the XML carries both', () => {
    const stamped = sealAndStamp(comprobante(input), '2026-11-20T10:00:05');
    const xml = cfdiXml(stamped.document);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<cfdi:Comprobante xmlns:cfdi="http:\/\/www.sat.gob.mx\/cfd\/4"/);
    expect(xml).toContain('Leyenda="Timbre de prueba del sandbox: sin validez fiscal"');
    const certificate = new X509Certificate(Buffer.from(stamped.document.attributes.find(([k]) => k === 'Certificado')![1], 'base64'));
    expect(verify('sha256', Buffer.from(stamped.cadena, 'utf8'), certificate.publicKey, Buffer.from(stamped.sello, 'base64'))).toBe(true);
    expect(stamped.timbreCadena).toBe(`||1.1|${stamped.uuid}|2026-11-20T10:00:05|SPR190613I52|Timbre de prueba del sandbox: sin validez fiscal|${stamped.sello}|30001000000300023685||`);
  });
});
