/**
 * Keeps src/shared/event-file/event-file.types.ts and schemas/event/*.schema.json in step.
 *
 * Each manifest below is checked twice: by TypeScript (`satisfies Presence<T>` refuses a
 * missing key, an extra key or a wrong required/optional mark — run `npm run typecheck`)
 * and by this test against the schema's `properties` and `required`.
 */
import { describe, expect, it } from 'vitest';
import { enumOf, expectAgreement, prop, type Members, type Presence } from '../schema-manifest';
import attendeeFieldSchema from '../../../../schemas/event/attendee-field.schema.json';
import discountCodeSchema from '../../../../schemas/event/discount-code.schema.json';
import eventConfigSchema from '../../../../schemas/event/event-config.schema.json';
import eventFileSchema from '../../../../schemas/event/event-file.schema.json';
import productSchema from '../../../../schemas/event/product.schema.json';
import ticketTypeSchema from '../../../../schemas/event/ticket-type.schema.json';
import type {
  AllowedBin,
  AttendeeField,
  AttendeeFieldType,
  AttendeeFieldValidation,
  DiscountCode,
  HoldLimitsFile,
  InstallmentsFile,
  EventConfig,
  EventDetails,
  EventFile,
  CheckinList,
  EventShare,
  EventVenue,
  PassColors,
  ShareImage,
  HtmlBlock,
  HtmlPosition,
  MessageRule,
  OptionalMessageRule,
  Product,
  ProductImage,
  ProductOption,
  SeatsConfig,
  SelectOptions,
  TicketType,
  TransferPolicyFile,
  VisibleWhen,
  WaitingRoomFile,
  WaitingListFile,
} from '../../../../src/shared/event-file/event-file.types';

const eventFile = {
  $schema: 'optional',
  url: 'required',
  hold_minutes: 'optional',
  hold_limits: 'optional',
  event: 'required',
  tickets: 'required',
  productos: 'optional',
  discount_codes: 'optional',
  checkin_lists: 'optional',
  transfers: 'optional',
  refund_policy: 'optional',
  invoicing: 'optional',
  waiting_room: 'optional',
  installments: 'optional',
  waiting_list: 'optional',
} as const satisfies Presence<EventFile>;

const waitingList = {
  enabled: 'required',
  offer_hours: 'optional',
} as const satisfies Presence<WaitingListFile>;

const transferPolicy = {
  allowed: 'required',
  until: 'optional',
  max_per_ticket: 'optional',
} as const satisfies Presence<TransferPolicyFile>;

const waitingRoom = {
  mode: 'required',
  opens_at: 'optional',
  admit_per_minute: 'optional',
  session_minutes: 'optional',
  auto_held_units: 'optional',
} as const satisfies Presence<WaitingRoomFile>;

const checkinList = {
  id: 'required',
  name: 'required',
  ticket_types: 'optional',
  opens_at: 'optional',
  closes_at: 'optional',
  allow_reentry: 'optional',
} as const satisfies Presence<CheckinList>;

const holdLimits = {
  max_units_per_client: 'optional',
  max_vouchers_per_buyer: 'optional',
  max_voucher_share: 'optional',
} as const satisfies Presence<HoldLimitsFile>;
const installments = { enabled: 'required', min_amount: 'optional', max_months: 'optional', interest_free_only: 'optional' } as const satisfies Presence<InstallmentsFile>;

const eventDetails = {
  name: 'required',
  image_path: 'optional',
  starts_at: 'optional',
  ends_at: 'optional',
  changes_until: 'optional',
  venue: 'optional',
  pass_colors: 'optional',
  share: 'optional',
  config: 'optional',
  html: 'optional',
} as const satisfies Presence<EventDetails>;

const eventVenue = { name: 'required', address: 'optional', latitude: 'optional', longitude: 'optional' } as const satisfies Presence<EventVenue>;
const eventShare = { title: 'optional', description: 'optional', image: 'optional', listed: 'optional' } as const satisfies Presence<EventShare>;
const shareImage = { url: 'required', width: 'required', height: 'required', type: 'required', alt: 'optional' } as const satisfies Presence<ShareImage>;
const passColors = { background: 'optional', foreground: 'optional', label: 'optional' } as const satisfies Presence<PassColors>;

const htmlBlock = { posicion: 'required', html: 'required' } as const satisfies Presence<HtmlBlock>;

const eventConfig = {
  idiomaDefault: 'optional',
  currency: 'optional',
  comission_percentage: 'optional',
  absorb: 'optional',
  seats: 'optional',
  bines_permitidos: 'optional',
  tarjetas_amex: 'optional',
  download_wallets: 'optional',
  stripe_public_key: 'optional',
  hide_language_switch: 'optional',
  support_email: 'optional',
  metodo_pago_open_pay: 'optional',
  metodo_pago_fintoc: 'optional',
  metodo_pago_mercadopago_tarjetas: 'optional',
  metodo_pago_mercadopago_efectivo: 'optional',
  metodo_pago_mercadopago_supertoken: 'optional',
  metodo_pago_paypal: 'optional',
  metodo_pago_stripe_tarjeta: 'optional',
  metodo_pago_stripe_google_pay: 'optional',
  metodo_pago_stripe_apple_pay: 'optional',
  metodo_pago_free: 'optional',
} as const satisfies Presence<EventConfig>;

const seats = { workspaceKey: 'required', eventKey: 'required', region: 'required' } as const satisfies Presence<SeatsConfig>;
const allowedBin = { bin: 'required' } as const satisfies Presence<AllowedBin>;

const ticketType = {
  id: 'required',
  name: 'required',
  price: 'required',
  description: 'optional',
  minimum: 'required',
  maximum: 'required',
  capacity: 'required',
  hidden: 'optional',
  access_code: 'optional',
  md: 'optional',
  md_quantity: 'optional',
  md_ispercentage: 'optional',
  md_minimum: 'optional',
  form: 'optional',
} as const satisfies Presence<TicketType>;

const product = {
  id: 'required',
  nombre: 'required',
  precio: 'required',
  minimo: 'required',
  maximo: 'required',
  stock: 'required',
  imagenes: 'optional',
  descripcion: 'optional',
  opciones: 'optional',
} as const satisfies Presence<Product>;

const productImage = { url: 'required', alt: 'optional' } as const satisfies Presence<ProductImage>;
const productOption = { id: 'required', label: 'required', options: 'required' } as const satisfies Presence<ProductOption>;
const selectOptions = { values: 'required' } as const satisfies Presence<SelectOptions>;

const discountCode = {
  code: 'required',
  percent: 'optional',
  amount: 'optional',
  max_uses: 'optional',
  valid_from: 'optional',
  valid_until: 'optional',
  ticket_ids: 'optional',
} as const satisfies Presence<DiscountCode>;

const attendeeField = {
  id: 'required',
  type: 'required',
  label: 'required',
  placeholder: 'optional',
  required: 'optional',
  locked_after_purchase: 'optional',
  options: 'optional',
  validation: 'optional',
  visible_when: 'optional',
} as const satisfies Presence<AttendeeField>;

const visibleWhen = { field: 'required', equals: 'optional', in: 'optional' } as const satisfies Presence<VisibleWhen>;

const validation = {
  pattern: 'optional',
  maxLength: 'optional',
  minLength: 'optional',
  min: 'optional',
  max: 'optional',
  maxSize: 'optional',
  allowedFormats: 'optional',
  minDate: 'optional',
  maxDate: 'optional',
  minChoices: 'optional',
  maxChoices: 'optional',
} as const satisfies Presence<AttendeeFieldValidation>;

const messageRule = { value: 'required', message: 'required' } as const satisfies Presence<MessageRule<unknown>>;
const optionalMessageRule = { value: 'required', message: 'optional' } as const satisfies Presence<OptionalMessageRule<unknown>>;

const fieldTypes = {
  text: true,
  textarea: true,
  email: true,
  number: true,
  telefono: true,
  select: true,
  multiselect: true,
  country: true,
  date: true,
  curp: true,
  rfc: true,
  checkbox: true,
  file: true,
} satisfies Members<AttendeeFieldType>;
const htmlPositions = { TICKET_INFO: true, FINISH: true } satisfies Members<HtmlPosition>;
const languages = { es: true, en: true } satisfies Members<NonNullable<EventConfig['idiomaDefault']>>;
const absorbModes = { customer: true, organizer: true } satisfies Members<NonNullable<EventConfig['absorb']>>;

describe('event-file types agree with schemas/event', () => {
  it.each([
    ['EventFile', eventFileSchema, eventFile],
    ['CheckinList', prop(eventFileSchema, 'properties', 'checkin_lists', 'items'), checkinList],
    ['EventDetails', prop(eventFileSchema, 'properties', 'event'), eventDetails],
    ['EventVenue', prop(eventFileSchema, 'properties', 'event', 'properties', 'venue'), eventVenue],
    ['PassColors', prop(eventFileSchema, 'properties', 'event', 'properties', 'pass_colors'), passColors],
    ['EventShare', prop(eventFileSchema, 'properties', 'event', 'properties', 'share'), eventShare],
    ['ShareImage', prop(eventFileSchema, 'properties', 'event', 'properties', 'share', 'properties', 'image'), shareImage],
    ['HoldLimitsFile', prop(eventFileSchema, 'properties', 'hold_limits'), holdLimits],
    ['InstallmentsFile', prop(eventFileSchema, 'properties', 'installments'), installments],
    ['TransferPolicyFile', prop(eventFileSchema, 'properties', 'transfers'), transferPolicy],
    ['WaitingRoomFile', prop(eventFileSchema, 'properties', 'waiting_room'), waitingRoom],
    ['WaitingListFile', prop(eventFileSchema, 'properties', 'waiting_list'), waitingList],
    ['HtmlBlock', prop(eventFileSchema, 'properties', 'event', 'properties', 'html', 'items'), htmlBlock],
    ['EventConfig', eventConfigSchema, eventConfig],
    ['SeatsConfig', prop(eventConfigSchema, 'properties', 'seats'), seats],
    ['AllowedBin', prop(eventConfigSchema, 'properties', 'bines_permitidos', 'items'), allowedBin],
    ['TicketType', ticketTypeSchema, ticketType],
    ['Product', productSchema, product],
    ['ProductImage', prop(productSchema, 'properties', 'imagenes', 'items'), productImage],
    ['ProductOption', prop(productSchema, 'properties', 'opciones', 'items'), productOption],
    ['ProductOption.options', prop(productSchema, 'properties', 'opciones', 'items', 'properties', 'options'), selectOptions],
    ['DiscountCode', discountCodeSchema, discountCode],
    ['AttendeeField', attendeeFieldSchema, attendeeField],
    ['AttendeeField.options', prop(attendeeFieldSchema, 'properties', 'options'), selectOptions],
    ['AttendeeFieldValidation', prop(attendeeFieldSchema, 'properties', 'validation'), validation],
    ['AttendeeField.visible_when', prop(attendeeFieldSchema, 'properties', 'visible_when'), visibleWhen],
  ] as const)('%s', (_name, schema, manifest) => {
    expectAgreement(schema, manifest);
  });

  it('validation rules: message required except for the bounds that have a translated default', () => {
    const rules = prop(attendeeFieldSchema, 'properties', 'validation', 'properties') as Record<string, unknown>;
    const optionalMessage = ['min', 'max', 'minDate', 'maxDate', 'minChoices', 'maxChoices'];
    for (const [rule, schema] of Object.entries(rules)) {
      expectAgreement(schema, optionalMessage.includes(rule) ? optionalMessageRule : messageRule);
    }
  });

  it('enumerations', () => {
    expect(enumOf(prop(attendeeFieldSchema, 'properties', 'type'))).toEqual(Object.keys(fieldTypes).sort());
    expect(enumOf(prop(eventFileSchema, 'properties', 'event', 'properties', 'html', 'items', 'properties', 'posicion'))).toEqual(
      Object.keys(htmlPositions).sort(),
    );
    expect(enumOf(prop(eventConfigSchema, 'properties', 'idiomaDefault'))).toEqual(Object.keys(languages).sort());
    expect(enumOf(prop(eventConfigSchema, 'properties', 'absorb'))).toEqual(Object.keys(absorbModes).sort());
  });
});
