/**
 * An error the client is meant to see: an HTTP status, a stable machine `code`
 * and a Spanish `mensaje` (the field the storefront shows). Anything thrown that is
 * not an AppError becomes a 500 whose details are logged, never sent.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly mensaje: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(mensaje);
    this.name = 'AppError';
  }
}

/** Shorthands for the errors the API raises, so messages live in one place. */
export const errors = {
  eventNotFound: () => new AppError(404, 'EVENT_NOT_FOUND', 'No encontramos el evento.'),
  purchaseNotFound: () => new AppError(404, 'PURCHASE_NOT_FOUND', 'No encontramos la compra.'),
  purchaseExpired: () =>
    new AppError(410, 'PURCHASE_EXPIRED', 'El tiempo para completar tu compra terminó. Vuelve a elegir tus entradas.'),
  purchaseClosed: () => new AppError(409, 'PURCHASE_CLOSED', 'Esta compra ya no se puede modificar.'),
  soldOut: (name?: string) =>
    new AppError(
      409,
      'SOLD_OUT',
      name ? `Las entradas «${name}» ya no están disponibles en la cantidad solicitada.` : 'Las entradas ya no están disponibles.',
    ),
  productSoldOut: (name: string) =>
    new AppError(409, 'PRODUCT_SOLD_OUT', `El producto «${name}» ya no está disponible en la cantidad solicitada.`),
  unknownTicket: (id: number) => new AppError(400, 'UNKNOWN_TICKET', `El tipo de entrada ${id} no existe en este evento.`),
  unknownProduct: (id: number) => new AppError(400, 'UNKNOWN_PRODUCT', `El producto ${id} no existe en este evento.`),
  duplicateLine: (what: string, id: number) =>
    new AppError(400, 'DUPLICATE_LINE', `El ${what} ${id} aparece más de una vez en la solicitud.`),
  quantityOutOfRange: (name: string, min: number, max: number) =>
    new AppError(400, 'QUANTITY_OUT_OF_RANGE', `La cantidad de «${name}» debe estar entre ${min} y ${max}.`),
  noTickets: () => new AppError(400, 'NO_TICKETS', 'Agrega entradas a tu carrito para continuar.'),
  invalidOption: (product: string, option: string) =>
    new AppError(400, 'INVALID_PRODUCT_OPTION', `Elige una opción válida de «${option}» para «${product}».`),
  discountNotFound: () => new AppError(404, 'DISCOUNT_NOT_FOUND', 'No se ha encontrado el codigo de descuento.'),
  discountNotYetValid: () => new AppError(422, 'DISCOUNT_NOT_YET_VALID', 'El código de descuento todavía no es válido.'),
  discountExpired: () => new AppError(422, 'DISCOUNT_EXPIRED', 'El código de descuento ya expiró.'),
  discountExhausted: () => new AppError(422, 'DISCOUNT_EXHAUSTED', 'El código de descuento ya se usó el máximo de veces.'),
  discountNotApplicable: () =>
    new AppError(422, 'DISCOUNT_NOT_APPLICABLE', 'El código de descuento no aplica a las entradas elegidas.'),
  emptyDiscount: () => new AppError(400, 'DISCOUNT_EMPTY', 'Introduce un código de descuento valido.'),
  botCheckMissing: () => new AppError(400, 'BOT_CHECK_MISSING', 'Falta la verificación de seguridad. Recarga la página e intenta de nuevo.'),
  botCheckFailed: (reason: string) =>
    new AppError(403, 'BOT_CHECK_FAILED', `No pudimos verificar que eres una persona (${reason}). Intenta de nuevo.`),
  unauthorized: () => new AppError(401, 'UNAUTHORIZED', 'No autorizado. Inicia sesión nuevamente.'),
  notFound: () => new AppError(404, 'NOT_FOUND', 'La ruta solicitada no existe.'),
  formInvalid: (fieldErrors: { path: string; message: string }[]) =>
    new AppError(400, 'FORM_INVALID', 'Algún campo tiene error, verifica.', { errors: fieldErrors }),
  formNotRequired: () => new AppError(409, 'FORM_NOT_REQUIRED', 'Esta compra no necesita datos de asistentes.'),
  eventInvalid: (problems: { pointer: string; message: string }[]) =>
    new AppError(400, 'EVENT_INVALID', `El archivo del evento tiene ${problems.length} problema(s).`, { problems }),
  capacityBelowSold: (name: string, capacity: number, taken: number) =>
    new AppError(
      409,
      'CAPACITY_BELOW_SOLD',
      `La capacidad de «${name}» (${capacity}) es menor que lo ya vendido o apartado (${taken}).`,
    ),
  urlMismatch: () => new AppError(400, 'URL_MISMATCH', 'El campo url del archivo no coincide con la dirección de la petición.'),
  outboxMessageNotFound: () => new AppError(404, 'OUTBOX_MESSAGE_NOT_FOUND', 'No hay un correo detenido con ese id (solo se reintenta uno que agotó sus intentos).'),
  formRequired: () => new AppError(409, 'FORM_REQUIRED', 'Completa los datos de los asistentes antes de pagar.'),
  paymentMethodDisabled: () => new AppError(409, 'PAYMENT_METHOD_DISABLED', 'Este método de pago no está disponible para este evento.'),
  freeOrder: () => new AppError(409, 'FREE_ORDER', 'Esta compra no tiene costo: usa el acceso gratuito.'),
  notFree: () => new AppError(409, 'NOT_FREE', 'Esta compra tiene costo: elige un método de pago.'),
  paymentNotFound: () => new AppError(404, 'PAYMENT_NOT_FOUND', 'No encontramos el pago.'),
  paymentProviderFailed: () => new AppError(502, 'PAYMENT_PROVIDER_ERROR', 'Ocurrio un error, intenta con otro metodo de pago.'),
  paymentProviderUnavailable: () =>
    new AppError(503, 'PAYMENT_PROVIDER_UNAVAILABLE', 'No pudimos consultar el pago con el proveedor. Intenta de nuevo en unos minutos.'),
  webhookRejected: (reason: string) => new AppError(401, 'WEBHOOK_REJECTED', `Notificación rechazada: ${reason}.`),
  emissionNotFound: () => new AppError(404, 'EMISSION_NOT_FOUND', 'No encontramos los boletos de esta compra.'),
  // Infrastructure: the database is restarting or out of reach; nothing the buyer did, and a retry will work.
  databaseUnavailable: () =>
    new AppError(503, 'DATABASE_UNAVAILABLE', 'El servicio no está disponible en este momento. Intenta de nuevo en unos segundos.'),
  holdLimitReached: (held: number, max: number) =>
    new AppError(
      409,
      'HOLD_LIMIT_REACHED',
      `Desde tu conexión ya hay ${held} entrada(s) apartadas sin pagar para este evento y el máximo es ${max}. Paga o deja vencer esas compras antes de apartar más.`,
    ),
  voucherLimitReached: (open: number, max: number) =>
    new AppError(
      409,
      'VOUCHER_LIMIT_REACHED',
      max === 0
        ? 'Este evento no acepta pago en efectivo. Elige otro método de pago.'
        : `Ya tienes ${open} ficha(s) de pago en efectivo sin pagar para este evento (máximo ${max}). Paga o deja vencer una, o elige otro método de pago.`,
    ),
  voucherShareReached: (name: string) =>
    new AppError(409, 'VOUCHER_SHARE_REACHED', `Ya no quedan entradas «${name}» para pago en efectivo. Elige otro método de pago.`),
};
