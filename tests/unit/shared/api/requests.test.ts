/**
 * Keeps the request types of src/shared/api and schemas/api/*.request.json in step (decision 002):
 * each manifest is checked by `tsc` against its type and by this test against its schema.
 */
import { describe, expect, it } from 'vitest';
import addInfo from '../../../../schemas/api/add-info.request.json';
import emission from '../../../../schemas/api/emission.request.json';
import fintocCreateSession from '../../../../schemas/api/fintoc-create-session.request.json';
import freeVerify from '../../../../schemas/api/free-verify.request.json';
import mercadopagoCreatePreference from '../../../../schemas/api/mercadopago-create-preference.request.json';
import mercadopagoProcessPayment from '../../../../schemas/api/mercadopago-process-payment.request.json';
import mercadopagoSupertokenCreateOrder from '../../../../schemas/api/mercadopago-supertoken-create-order.request.json';
import openpayProcessPayment from '../../../../schemas/api/openpay-process-payment.request.json';
import newPurchase from '../../../../schemas/api/new-purchase.request.json';
import releaseSeats from '../../../../schemas/api/release-seats.request.json';
import paymentLoader from '../../../../schemas/api/payment-loader.request.json';
import paypalCreateOrder from '../../../../schemas/api/paypal-create-order.request.json';
import stripeCreateOrder from '../../../../schemas/api/stripe-create-order.request.json';
import ticketLine from '../../../../schemas/api/ticket-line.json';
import updateProductos from '../../../../schemas/api/update-productos.request.json';
import verifyDiscount from '../../../../schemas/api/verify-discount.request.json';
import orderAnswers from '../../../../schemas/api/order-answers.request.json';
import orderFind from '../../../../schemas/api/order-find.request.json';
import waitingRoomJoin from '../../../../schemas/api/waiting-room-join.request.json';
import adminWaitingRoom from '../../../../schemas/api/admin-waiting-room.request.json';
import adminEventCreate from '../../../../schemas/api/admin-event-create.request.json';
import adminEventRollback from '../../../../schemas/api/admin-event-rollback.request.json';
import type {
  AddInfoRequest,
  CreateEventRequest,
  RollbackEventRequest,
  CorrectAnswersRequest,
  FindOrderRequest,
  CreatePreferenceRequest,
  FintocSessionRequest,
  LoaderRequest,
  NewPurchaseRequest,
  ReleaseSeatsRequest,
  SeatChoice,
  SeatsRequest,
  OpenpayProcessPaymentRequest,
  PaymentLanguage,
  PaypalCreateOrderRequest,
  StripeCreateOrderRequest,
  ProcessCardPaymentRequest,
  SuperTokenOrderRequest,
  ProductLineRequest,
  TicketLineRequest,
  UpdateProductsRequest,
  VerifyDiscountRequest,
  VerifyFreeRequest,
  WalletUrlRequest,
  WaitingRoomJoinRequest,
  WaitingRoomRateRequest,
} from '../../../../src/shared/api';
import { enumOf, expectAgreement, prop, type Members, type Presence } from '../schema-manifest';

const newPurchaseRequest = {
  code: 'optional',
  url: 'required',
  tickets: 'required',
  identificador: 'optional',
  access: 'optional',
  token: 'required',
  turno: 'optional',
  seats: 'optional',
} as const satisfies Presence<NewPurchaseRequest>;

const createEventRequest = { url: 'required', name: 'required' } as const satisfies Presence<CreateEventRequest>;
const rollbackEventRequest = { version: 'required' } as const satisfies Presence<RollbackEventRequest>;

const seatsRequest = { holdToken: 'required', objects: 'required' } as const satisfies Presence<SeatsRequest>;
const seatChoice = { label: 'required', quantity: 'optional' } as const satisfies Presence<SeatChoice>;
const releaseSeatsRequest = { purchase_id: 'required' } as const satisfies Presence<ReleaseSeatsRequest>;

const ticketLineRequest = {
  ticket_id: 'required',
  cantidad: 'required',
  price: 'optional',
  name: 'optional',
  md: 'optional',
  md_quantity: 'optional',
  md_ispercentage: 'optional',
  md_minimum: 'optional',
} as const satisfies Presence<TicketLineRequest>;

const verifyDiscountRequest = { code: 'required', url: 'required', tickets: 'required', access: 'optional' } as const satisfies Presence<VerifyDiscountRequest>;
// Its `anyOf` demands one of the two id spellings; each alone is optional.
const updateProductsRequest = { purchase_id: 'optional', purchaseId: 'optional', productos: 'required' } as const satisfies Presence<UpdateProductsRequest>;
const productLineRequest = {
  id: 'required',
  cantidad: 'required',
  precio: 'optional',
  nombre: 'optional',
  opciones: 'optional',
} as const satisfies Presence<ProductLineRequest>;
const addInfoRequest = { purchase_id: 'required', form: 'required' } as const satisfies Presence<AddInfoRequest>;
const createPreferenceRequest = { purchase_id: 'required', buyer_info: 'required', lang: 'optional' } as const satisfies Presence<CreatePreferenceRequest>;
const fintocSessionRequest = createPreferenceRequest satisfies Presence<FintocSessionRequest>;
const processCardPaymentRequest = {
  purchase_id: 'required', token: 'required', installments: 'required', paymentMethodId: 'required', issuer: 'optional', email: 'required', buyer_info: 'required', lang: 'optional',
} as const satisfies Presence<ProcessCardPaymentRequest>;
const superTokenOrderRequest = {
  purchase_id: 'required', token: 'required', id: 'required', type: 'required', installments: 'optional', email: 'required', lang: 'optional',
} as const satisfies Presence<SuperTokenOrderRequest>;
const openpayProcessPaymentRequest = {
  purchase_id: 'required', token: 'required', buyer_info: 'required', device_session_id: 'required', lang: 'optional',
} as const satisfies Presence<OpenpayProcessPaymentRequest>;
const paypalCreateOrderRequest = { purchase_id: 'required', lang: 'optional' } as const satisfies Presence<PaypalCreateOrderRequest>;
const stripeCreateOrderRequest = { purchase_id: 'required', lang: 'optional' } as const satisfies Presence<StripeCreateOrderRequest>;
const verifyFreeRequest = {
  purchase_id: 'required',
  buyer_info: 'required',
  token: 'required',
  lang: 'optional',
} as const satisfies Presence<VerifyFreeRequest>;
// Each loader route adds its own `required` on top (payment.routes.ts).
const loaderRequest = { payment_id: 'optional', token: 'optional', purchase_id: 'optional', g_token: 'optional', payment_intent: 'optional', url: 'optional' } as const satisfies Presence<LoaderRequest>;
const walletUrlRequest = { emission_id: 'required', purchase_id: 'required' } as const satisfies Presence<WalletUrlRequest>;

const findOrderRequest = { email: 'required', purchase_id: 'required' } as const satisfies Presence<FindOrderRequest>;
const correctAnswersRequest = { respuestas: 'required' } as const satisfies Presence<CorrectAnswersRequest>;

const languages = { es: true, en: true } satisfies Members<PaymentLanguage>;

describe('request types agree with schemas/api/*.request.json', () => {
  it.each([
    ['NewPurchaseRequest', newPurchase, newPurchaseRequest],
    ['TicketLineRequest', ticketLine, ticketLineRequest],
    ['SeatsRequest', prop(newPurchase, 'properties', 'seats'), seatsRequest],
    ['SeatChoice', prop(newPurchase, 'properties', 'seats', 'properties', 'objects', 'items'), seatChoice],
    ['ReleaseSeatsRequest', releaseSeats, releaseSeatsRequest],
    ['VerifyDiscountRequest', verifyDiscount, verifyDiscountRequest],
    ['UpdateProductsRequest', updateProductos, updateProductsRequest],
    ['ProductLineRequest', prop(updateProductos, 'properties', 'productos', 'items'), productLineRequest],
    ['AddInfoRequest', addInfo, addInfoRequest],
    ['CreatePreferenceRequest', mercadopagoCreatePreference, createPreferenceRequest],
    ['ProcessCardPaymentRequest', mercadopagoProcessPayment, processCardPaymentRequest],
    ['SuperTokenOrderRequest', mercadopagoSupertokenCreateOrder, superTokenOrderRequest],
    ['OpenpayProcessPaymentRequest', openpayProcessPayment, openpayProcessPaymentRequest],
    ['FintocSessionRequest', fintocCreateSession, fintocSessionRequest],
    ['PaypalCreateOrderRequest', paypalCreateOrder, paypalCreateOrderRequest],
    ['StripeCreateOrderRequest', stripeCreateOrder, stripeCreateOrderRequest],
    ['VerifyFreeRequest', freeVerify, verifyFreeRequest],
    ['LoaderRequest', paymentLoader, loaderRequest],
    ['WalletUrlRequest', emission, walletUrlRequest],
    ['FindOrderRequest', orderFind, findOrderRequest],
    ['WaitingRoomJoinRequest', waitingRoomJoin, { token: 'required' } as const satisfies Presence<WaitingRoomJoinRequest>],
    ['WaitingRoomRateRequest', adminWaitingRoom, { admit_per_minute: 'required' } as const satisfies Presence<WaitingRoomRateRequest>],
    ['CorrectAnswersRequest', orderAnswers, correctAnswersRequest],
    ['CreateEventRequest', adminEventCreate, createEventRequest],
    ['RollbackEventRequest', adminEventRollback, rollbackEventRequest],
  ] as const)('%s', (_name, schema, manifest) => {
    expectAgreement(schema, manifest);
  });

  it('both id spellings of update-productos: one of them is demanded', () => {
    expect(updateProductos.anyOf).toEqual([{ required: ['purchase_id'] }, { required: ['purchaseId'] }]);
  });

  it('enumerations', () => {
    for (const schema of [mercadopagoCreatePreference, mercadopagoProcessPayment, openpayProcessPayment, fintocCreateSession, paypalCreateOrder, stripeCreateOrder, freeVerify]) {
      expect(enumOf(prop(schema, 'properties', 'lang'))).toEqual(Object.keys(languages).sort());
    }
  });
});
