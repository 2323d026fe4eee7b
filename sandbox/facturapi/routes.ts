import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { centsText, cfdiTotals, IVA_16, IVA_EXEMPT, type TaxTreatment } from '../../src/shared/invoicing/cfdi-amounts';
import type { SandboxRuntime } from '../runtime';
import { limitEveryRoute } from '../http/limits';
import { sandboxApi, type SandboxFailure } from '../payments/api-errors';
import { deliverWebhook } from '../payments/deliver';
import { findSandboxObject, insertSandboxObject, insertSandboxObjectOnce, moveSandboxObject } from '../payments/objects.repository';
import { cfdiXml, type CfdiElement } from './cfdi-document';
import { invoicePdf } from './invoice-pdf';
import { comprobante, mexicoCityTime, sandboxIssuer, sealAndStamp, verificationUrl, type StampConcept, type StampInput } from './stamp';

export const FACTURAPI_SANDBOX_PREFIX = '/sandbox/facturapi/v2';
const PROVIDER = 'facturapi';
const SERIES = { I: 'F', E: 'NC' } as const;

/** An invoice as the sandbox keeps it: facturapi's object, the stamped tree and what the PDF prints. */
interface StoredInvoice {
  invoice: Record<string, unknown>;
  document: CfdiElement;
  printed: { cadena: string; timbreCadena: string; selloSat: string; satCertificateNumber: string; verificationUrl: string; stampedAt: string };
}

/** facturapi's error body: `message`, `status` and, for a field, its `path` (what the SDK's FacturapiError reads). */
function facturapiError(reply: FastifyReply, status: number, message: string, path?: string) {
  return reply.code(status).send({ message, status, ...(path ? { path } : {}) });
}

const FAILURES: Record<SandboxFailure, [number, string]> = {
  malformed_json: [400, 'El cuerpo de la petición no es JSON válido.'],
  unsupported_media_type: [415, 'Content-Type no soportado.'],
  body_too_large: [413, 'La petición es demasiado grande.'],
  invalid_request: [400, 'Petición inválida.'],
  not_found: [404, 'Recurso no encontrado.'],
  rate_limited: [429, 'Demasiadas peticiones.'],
  internal: [500, 'Error interno.'],
  unavailable: [503, 'Servicio no disponible.'],
};

class InvalidField extends Error {
  constructor(readonly path: string, message: string) {
    super(message);
  }
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function text(body: Json, path: string, pattern?: RegExp): string {
  const value = path.split('.').reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), body);
  if (typeof value !== 'string' || value.trim() === '') throw new InvalidField(path, `El campo ${path} es requerido.`);
  if (pattern && !pattern.test(value)) throw new InvalidField(path, `El campo ${path} no tiene un formato válido.`);
  return value.trim();
}

function micro(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw new InvalidField(path, `El campo ${path} debe ser un número mayor o igual a 0.`);
  return Math.round(value * 1_000_000);
}

function taxOf(product: Json, path: string): TaxTreatment {
  if (product.taxes === undefined) return IVA_16;
  if (!Array.isArray(product.taxes) || product.taxes.length !== 1 || !isObject(product.taxes[0]) || product.taxes[0].type !== 'IVA') {
    throw new InvalidField(`${path}.taxes`, 'El sandbox acepta un solo impuesto: IVA (tasa o exento).');
  }
  const tax = product.taxes[0];
  if (tax.factor === 'Exento') return IVA_EXEMPT;
  const rate = tax.rate ?? 0.16;
  if (typeof rate !== 'number' || !(rate >= 0 && rate <= 0.16)) throw new InvalidField(`${path}.taxes.0.rate`, 'La tasa de IVA no es válida.');
  return { kind: 'iva', rateBasisPoints: Math.round(rate * 10_000) };
}

/** One item of facturapi's body → a concept: `price` without tax (or with it, `tax_included`, divided out to 6 decimals). */
function conceptOf(item: unknown, index: number): StampConcept {
  const path = `items.${index}`;
  if (!isObject(item) || !isObject(item.product)) throw new InvalidField(`${path}.product`, `El campo ${path}.product es requerido.`);
  const product = item.product;
  const quantity = item.quantity ?? 1;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) throw new InvalidField(`${path}.quantity`, 'La cantidad debe ser un entero mayor que 0.');
  const tax = taxOf(product, `${path}.product`);
  const divisor = product.tax_included === true && tax.kind === 'iva' ? 1 + tax.rateBasisPoints / 10_000 : 1;
  const unitValueMicro = Math.round(micro(product.price, `${path}.product.price`) / divisor);
  const discountMicro = item.discount === undefined ? 0 : Math.round(micro(item.discount, `${path}.discount`) / divisor);
  if (discountMicro > quantity * unitValueMicro) throw new InvalidField(`${path}.discount`, 'El descuento no puede ser mayor que el importe.');
  return {
    productKey: text(product, 'product_key', /^\d{8}$/),
    unitKey: typeof product.unit_key === 'string' ? product.unit_key : 'H87',
    unitName: typeof product.unit_name === 'string' ? product.unit_name : undefined,
    description: text(product, 'description'),
    sku: typeof product.sku === 'string' && product.sku !== '' ? product.sku : undefined,
    amounts: { quantity, unitValueMicro, discountMicro, tax },
  };
}

/** `conditions` (CondicionesDePago: 1 to 1000 characters, Anexo 20), or none when absent or empty. */
function conditionsOf(body: Json): string | undefined {
  if (body.conditions === undefined || body.conditions === null || body.conditions === '') return undefined;
  if (typeof body.conditions !== 'string' || body.conditions.length > 1000) throw new InvalidField('conditions', 'El campo conditions debe ser un texto de hasta 1000 caracteres.');
  return body.conditions;
}

/** The body of `POST /invoices` as facturapi reads it, checked as far as the sandbox needs. */
function stampInputOf(body: Json, folio: number, now: Date): StampInput {
  const type = body.type ?? 'I';
  if (type !== 'I' && type !== 'E') throw new InvalidField('type', 'El sandbox emite facturas de ingreso (I) y egreso (E).');
  const taxId = text(body, 'customer.tax_id', /^[A-ZÑ&]{3,4}\d{6}[A-Z\d]{3}$/);
  const global = body.global;
  if (taxId === 'XAXX010101000' && !isObject(global)) throw new InvalidField('global', 'Una factura a público en general requiere el campo global.');
  const related = Array.isArray(body.related_documents) && isObject(body.related_documents[0]) ? body.related_documents[0] : undefined;
  if (!Array.isArray(body.items) || body.items.length === 0) throw new InvalidField('items', 'El campo items es requerido.');
  return {
    type,
    series: typeof body.series === 'string' ? body.series : SERIES[type],
    folio,
    date: mexicoCityTime(now),
    paymentForm: text(body, 'payment_form', /^\d{2}$/),
    paymentMethod: typeof body.payment_method === 'string' ? body.payment_method : 'PUE',
    conditions: conditionsOf(body),
    issuer: sandboxIssuer(),
    customer: { taxId, legalName: text(body, 'customer.legal_name').toUpperCase(), taxSystem: text(body, 'customer.tax_system', /^\d{3}$/), zip: text(body, 'customer.address.zip', /^\d{5}$/) },
    use: typeof body.use === 'string' ? body.use : type === 'E' ? 'G02' : 'G03',
    global: isObject(global) ? { periodicity: text(global, 'periodicity'), months: text(global, 'months'), year: Number(global.year) } : undefined,
    related: related ? { relationship: text(related, 'relationship', /^\d{2}$/), uuids: (Array.isArray(related.documents) ? related.documents : []).map(String) } : undefined,
    concepts: body.items.map(conceptOf),
  };
}

/** facturapi's Invoice object for a stamped CFDI. */
function invoiceObject(id: string, body: Json, input: StampInput, stamped: ReturnType<typeof sealAndStamp>, url: string, now: Date) {
  const totals = cfdiTotals(input.concepts.map((c) => c.amounts));
  return {
    id,
    organization: 'sandbox-organization',
    livemode: false,
    created_at: now.toISOString(),
    date: now.toISOString(),
    type: input.type,
    status: 'valid',
    cfdi_version: 4,
    issuer_info: { legal_name: input.issuer.name, tax_id: input.issuer.rfc, tax_system: input.issuer.regime, address: { zip: input.issuer.zip, country: 'MEX' } },
    customer: { legal_name: input.customer.legalName, tax_id: input.customer.taxId, tax_system: input.customer.taxSystem, address: { zip: input.customer.zip, country: 'MEX' } },
    payment_form: input.paymentForm,
    payment_method: input.paymentMethod,
    conditions: input.conditions ?? null,
    currency: 'MXN',
    exchange: 1,
    uuid: stamped.uuid,
    total: Number(centsText(totals.totalCents)),
    use: input.use,
    folio_number: input.folio,
    series: input.series,
    items: body.items,
    verification_url: url,
    cancellation_status: 'none',
    external_id: typeof body.external_id === 'string' ? body.external_id : null,
    idempotency_key: typeof body.idempotency_key === 'string' ? body.idempotency_key : null,
    stamp: { date: stamped.stampedAt, sat_signature: stamped.selloSat, sat_cert_number: stamped.satCertificateNumber, signature: stamped.sello, complement_string: stamped.timbreCadena, rfc_provider_cert: 'SPR190613I52' },
    global: input.global ?? null,
    related_documents: input.related ? input.related.uuids.map((uuid) => ({ relationship: input.related!.relationship, uuid })) : null,
    cancellation: null,
  };
}

/**
 * facturapi's REST API (v2) under /sandbox/facturapi/v2, as the official `facturapi` SDK calls it:
 * `POST /invoices` (ingreso or egreso, a global invoice to the general public, related documents,
 * `idempotency_key`: a repeated key answers 409), `GET /invoices/{id}`, `GET /invoices/{id}/xml` and
 * `/pdf`, `DELETE /invoices/{id}?motive=` (cancelled at once; SAT's acceptance is not imitated).
 * Every invoice is built as CFDI 4.0, sealed with SAT's test CSD and stamped by a test PAC: see
 * sandbox/facturapi/README.md. Errors answer facturapi's `{ message, status, path }`.
 */
export async function facturapiSandboxRoutes(app: FastifyInstance, { rt }: { rt: SandboxRuntime }) {
  sandboxApi(app, FACTURAPI_SANDBOX_PREFIX, (reply, failure) => facturapiError(reply, ...FAILURES[failure]));
  const apiKey = Buffer.from(rt.credentials.facturapi.apiKey);
  limitEveryRoute(app, rt.limits, (request) => authorised(request));
  function authorised(request: FastifyRequest): boolean {
    const given = Buffer.from(String(request.headers.authorization ?? '').replace(/^Bearer\s+/i, ''));
    return given.length === apiKey.length && timingSafeEqual(given, apiKey);
  }
  app.addHook('onRequest', async (request, reply) => {
    if (!authorised(request)) return facturapiError(reply, 401, 'API key inválida o no proporcionada.');
  });
  const load = async (id: string) => findSandboxObject<StoredInvoice>(rt.db, PROVIDER, 'invoice', id);

  app.post(`${FACTURAPI_SANDBOX_PREFIX}/invoices`, async (request, reply) => {
    const body = isObject(request.body) ? request.body : {};
    const now = rt.now();
    let input: StampInput;
    try {
      const key = typeof body.idempotency_key === 'string' ? body.idempotency_key : undefined;
      if (key) {
        const nonce = randomUUID();
        const claimed = await insertSandboxObjectOnce(rt.db, PROVIDER, 'idempotency-key', { id: key, status: 'used', data: { nonce } }, now.toISOString());
        if (claimed.data.nonce !== nonce) return facturapiError(reply, 409, 'Ya existe una factura con este idempotency_key.', 'idempotency_key');
      }
      const folio = Number((await rt.db.selectFrom('sandbox_payment_objects').select((eb) => eb.fn.countAll<number>().as('n')).where('provider', '=', PROVIDER).where('kind', '=', 'invoice').executeTakeFirstOrThrow()).n) + 1;
      input = stampInputOf(body, folio, now);
    } catch (error) {
      if (error instanceof InvalidField) return facturapiError(reply, 400, error.message, error.path);
      throw error;
    }
    const stamped = sealAndStamp(comprobante(input), mexicoCityTime(now));
    const url = verificationUrl(stamped.document, stamped.uuid);
    const id = `sbx_inv_${stamped.uuid.replace(/-/g, '').slice(0, 24).toLowerCase()}`;
    const invoice = invoiceObject(id, body, input, stamped, url, now);
    const printed = { cadena: stamped.cadena, timbreCadena: stamped.timbreCadena, selloSat: stamped.selloSat, satCertificateNumber: stamped.satCertificateNumber, verificationUrl: url, stampedAt: stamped.stampedAt };
    await insertSandboxObject<StoredInvoice>(rt.db, PROVIDER, 'invoice', { id, status: 'valid', data: { invoice, document: stamped.document, printed } }, now.toISOString());
    return invoice;
  });

  app.get<{ Params: { id: string } }>(`${FACTURAPI_SANDBOX_PREFIX}/invoices/:id`, async (request, reply) => {
    const stored = await load(request.params.id);
    return stored ? stored.data.invoice : facturapiError(reply, 404, 'No se encontró la factura.');
  });

  app.get<{ Params: { id: string } }>(`${FACTURAPI_SANDBOX_PREFIX}/invoices/:id/xml`, async (request, reply) => {
    const stored = await load(request.params.id);
    if (!stored) return facturapiError(reply, 404, 'No se encontró la factura.');
    return reply.type('application/xml').send(cfdiXml(stored.data.document));
  });

  app.get<{ Params: { id: string } }>(`${FACTURAPI_SANDBOX_PREFIX}/invoices/:id/pdf`, async (request, reply) => {
    const stored = await load(request.params.id);
    if (!stored) return facturapiError(reply, 404, 'No se encontró la factura.');
    const { invoice, document, printed } = stored.data;
    return reply.type('application/pdf').send(await invoicePdf(document, { uuid: String(invoice.uuid), ...printed }));
  });

  app.delete<{ Params: { id: string }; Querystring: { motive?: string; substitution?: string } }>(`${FACTURAPI_SANDBOX_PREFIX}/invoices/:id`, async (request, reply) => {
    const stored = await load(request.params.id);
    if (!stored) return facturapiError(reply, 404, 'No se encontró la factura.');
    const motive = request.query.motive;
    if (!motive || !['01', '02', '03', '04'].includes(motive)) return facturapiError(reply, 400, 'El parámetro motive es requerido (01, 02, 03 o 04).', 'motive');
    if (motive === '01' && !request.query.substitution) return facturapiError(reply, 400, 'El motivo 01 requiere el UUID sustituto (substitution).', 'substitution');
    if (stored.status === 'canceled') return stored.data.invoice;
    const now = rt.now().toISOString();
    const invoice = {
      ...stored.data.invoice,
      status: 'canceled',
      cancellation_status: 'accepted',
      cancellation: { requested_at: now, status: 'accepted', last_checked: now, motive, substitutionUUID: request.query.substitution ?? null },
    };
    await moveSandboxObject<StoredInvoice>(rt.db, PROVIDER, 'invoice', stored.id, ['valid'], { status: 'canceled', data: { ...stored.data, invoice } }, now);
    const canceled = (await load(stored.id))!.data.invoice;
    // facturapi tells the organisation's webhook too: the event signed as its SDK checks (HMAC-SHA256 hex of the body).
    const event = JSON.stringify({ id: randomUUID(), type: 'invoice.status_updated', created_at: now, livemode: false, data: { type: 'invoice', object: canceled } });
    void deliverWebhook(rt, 'facturapi', { headers: { 'facturapi-signature': createHmac('sha256', rt.credentials.facturapi.webhookSecret).update(event).digest('hex') }, body: event });
    return canceled;
  });
}
