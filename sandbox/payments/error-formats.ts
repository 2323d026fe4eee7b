import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { FAILURE_STATUS, type SandboxFailure } from './api-errors';

/*
 * Each provider's documented error body, as its clients parse it. The sandbox answers
 * only in these shapes under /sandbox/{provider}/api — never in the store's own format.
 */

// ---- PayPal: { name, message, debug_id, details: [{ field?, value?, location?, issue, description }], links } ----

const PAYPAL_NAMES: Record<number, [name: string, message: string]> = {
  400: ['INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.'],
  401: ['AUTHENTICATION_FAILURE', 'Authentication failed due to missing authorization header, or invalid authentication credentials.'],
  404: ['RESOURCE_NOT_FOUND', 'The specified resource does not exist.'],
  413: ['INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.'],
  415: ['UNSUPPORTED_MEDIA_TYPE', 'The server does not support the request payload media type.'],
  422: ['UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.'],
  429: ['RATE_LIMIT_REACHED', 'Too many requests. Blocked due to rate limiting.'],
  500: ['INTERNAL_SERVER_ERROR', 'An internal server error has occurred.'],
  503: ['SERVICE_UNAVAILABLE', 'Service Unavailable.'],
};

const PAYPAL_ISSUES: Record<string, string> = {
  INVALID_RESOURCE_ID: 'Specified resource ID does not exist. Please check the resource ID and try again.',
  ORDER_NOT_APPROVED: "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within Create Order call or provide a valid payment_source in the request.",
  ORDER_ALREADY_CAPTURED: "Order already captured. If 'intent=CAPTURE' only one capture per order is allowed.",
  CAPTURE_FULLY_REFUNDED: 'The capture has already been fully refunded.',
  MALFORMED_REQUEST_JSON: 'The request JSON is not well formed.',
  MISSING_REQUIRED_PARAMETER: 'A required field / parameter is missing.',
  INVALID_PARAMETER_VALUE: 'The value of a field is invalid.',
  INVALID_PARAMETER_SYNTAX: 'The value of a field does not conform to the expected format.',
};

/** The detail of a PayPal error: which issue, and where in the request (`field` is a JSON pointer). */
export interface PayPalIssue {
  issue: string;
  field?: string;
  value?: string;
  location?: 'body' | 'path' | 'query' | 'header';
}

export function payPalError(reply: FastifyReply, status: number, detail?: PayPalIssue) {
  const [name, message] = PAYPAL_NAMES[status] ?? PAYPAL_NAMES[400];
  const api = reply.request.url.includes('/v2/payments/') ? 'payments/v2' : 'orders/v2';
  const href = detail && status === 422 ? `https://developer.paypal.com/docs/api/${api}/#error-${detail.issue}` : 'https://developer.paypal.com/api/rest/reference/orders/v2/errors/';
  return reply.status(status).send({
    name,
    message,
    debug_id: randomBytes(7).toString('hex'),
    details: detail ? [{ ...detail, description: PAYPAL_ISSUES[detail.issue] ?? message }] : [],
    links: [{ href, rel: 'information_link', method: 'GET' }],
  });
}

export function payPalFailure(reply: FastifyReply, failure: SandboxFailure) {
  if (failure === 'malformed_json') return payPalError(reply, 400, { issue: 'MALFORMED_REQUEST_JSON', field: '/', location: 'body' });
  if (failure === 'body_too_large') return payPalError(reply, 400, { issue: 'INVALID_PARAMETER_SYNTAX', field: '/', location: 'body' });
  return payPalError(reply, FAILURE_STATUS[failure]);
}

// ---- MercadoPago: { message, error, status, cause: [{ code, description, data }] } ----

const MERCADOPAGO_ERRORS: Record<number, string> = {
  400: 'bad_request', 401: 'unauthorized', 404: 'not_found', 413: 'request_entity_too_large', 415: 'unsupported_media_type', 429: 'too_many_requests', 500: 'internal_error', 503: 'service_unavailable',
};

/** A MercadoPago error; `code` is MercadoPago's cause code (numeric where it documents one: 2000 payment not found, 5 no token). */
export function mercadoPagoError(reply: FastifyReply, status: number, message: string, code: number | string, error = MERCADOPAGO_ERRORS[status] ?? 'bad_request') {
  return reply.status(status).send({ message, error, status, cause: [{ code, description: message, data: null }] });
}

export function mercadoPagoFailure(reply: FastifyReply, failure: SandboxFailure) {
  const status = FAILURE_STATUS[failure];
  const messages: Record<SandboxFailure, [string, string]> = {
    malformed_json: ['Invalid JSON in request body', 'json_syntax_error'],
    unsupported_media_type: ['Content-Type must be application/json', 'unsupported_media_type'],
    body_too_large: ['Request body too large', 'request_entity_too_large'],
    invalid_request: ['Invalid request', 'bad_request'],
    not_found: [`resource ${reply.request.url.split('?')[0].replace(/^\/sandbox\/mercadopago\/api/, '')} not found`, 'not_found'],
    rate_limited: ['Too many requests', 'too_many_requests'],
    internal: ['Internal server error', 'internal_error'],
    unavailable: ['Service unavailable', 'service_unavailable'],
  };
  const [message, code] = messages[failure];
  return mercadoPagoError(reply, status, message, code);
}

// ---- Fintoc: { error: { type, code, message, param?, doc_url } } ----

type FintocType = 'invalid_request_error' | 'authentication_error' | 'api_error';

export function fintocError(reply: FastifyReply, status: number, code: string, message: string, param?: string) {
  const type: FintocType = status === 401 ? 'authentication_error' : status >= 500 ? 'api_error' : 'invalid_request_error';
  return reply.status(status).send({ error: { type, code, message, ...(param ? { param } : {}), doc_url: `https://fintoc.com/docs#${type.replace(/_/g, '-')}` } });
}

export function fintocFailure(reply: FastifyReply, failure: SandboxFailure) {
  const answers: Record<SandboxFailure, [string, string]> = {
    malformed_json: ['invalid_json', 'The request body is not valid JSON'],
    unsupported_media_type: ['unsupported_media_type', 'Content-Type must be application/json'],
    body_too_large: ['request_too_large', 'The request body is too large'],
    invalid_request: ['invalid_request', 'The request is not valid'],
    not_found: ['invalid_url', `Unrecognized request URL (${reply.request.method}: ${reply.request.url.split('?')[0].replace(/^\/sandbox\/fintoc\/api/, '')})`],
    rate_limited: ['rate_limit_exceeded', 'Too many requests'],
    internal: ['internal_server_error', 'An internal error occurred'],
    unavailable: ['service_unavailable', 'The service is unavailable'],
  };
  const [code, message] = answers[failure];
  return fintocError(reply, FAILURE_STATUS[failure], code, message);
}
