import { formatMoney } from '../../shared/money';
import { planSentence, type StoredPlan } from '../../shared/installments-words';

export type MailLang = 'es' | 'en';

/** `lang` as stored with the buyer info; Spanish unless it says English. */
export function mailLang(value: unknown): MailLang {
  return value === 'en' ? 'en' : 'es';
}

/**
 * One e-mail's words, in one language. `mail-message.ts` lays them out twice, as the text part and
 * (through the shared layout of `mail-html.ts`) as the HTML part, so both say the same. A new kind of
 * e-mail is one function here (or beside its module) returning this.
 */
export interface MailWords {
  lang: MailLang;
  subject: string;
  /** The HTML part's header: the event's name. */
  heading: string;
  greeting: string;
  /** One line each in the text part, one paragraph each in the HTML. */
  paragraphs: string[];
  /** `label: value` lines after the paragraphs (when, where). */
  facts: { label: string; value: string }[];
  /** The main link: in the text part `sentence url`; in the HTML the sentence and a button reading `button`. */
  action: { sentence: string; button: string; url: string } | null;
  /** The last line: the reference to give support. */
  footer: string;
}

/** `ticketsUrl`: the buyer's thank-you page, with the key that opens it; `purchaseId`: the reference to give support. */
/** `when` / `venue`: the event's date line and venue line (`event-when.ts`), null when the event file gives none. `seats`: seated events' places, in ticket order. `free`: a registration (the free claim), not a payment. */
/** `plan`: the card plan the order was paid with (meses sin intereses), null for one payment. */
interface TicketsMail { eventName: string; when: string | null; venue: string | null; buyerName: string; purchaseId: string; count: number; ticketsUrl: string | null; seats?: string[]; free?: boolean; plan?: StoredPlan | null }
/** `orderUrl`: the order page with a new key (null without PUBLIC_URL). */
interface OrderLinkMail { eventName: string; buyerName: string; purchaseId: string; orderUrl: string | null }
interface RefundMail { eventName: string; buyerName: string; purchaseId: string; amountCents: number; currency: string; reason: string | null }
/**
 * `reason`: why the paid order was called off (its payment refunded at the provider, taken back after a dispute, or
 * `organiser`: cancelled by hand, with the operator's `note` and `refunding` when its payment is being given back).
 */
interface CancelledMail { eventName: string; buyerName: string; purchaseId: string; reason: string | null; note?: string | null; refunding?: boolean }

/** An amount as an e-mail in `lang` writes it. */
function mailMoney(lang: MailLang, cents: number, currency: string): string {
  return formatMoney(cents, currency, lang === 'en' ? 'en-US' : 'es-MX');
}

/** What every e-mail of a purchase shares: the event as its header, the greeting, the purchase number as its last line. */
export function purchaseWords(lang: MailLang, data: { eventName: string; buyerName: string; purchaseId: string }) {
  return lang === 'en'
    ? { lang, heading: data.eventName, greeting: `Hello ${data.buyerName},`, footer: `Purchase number: ${data.purchaseId}` }
    : { lang, heading: data.eventName, greeting: `Hola ${data.buyerName}:`, footer: `Número de compra: ${data.purchaseId}` };
}

/** The e-mail with the tickets attached, in the buyer's language; a free registration says so instead of a payment. */
export function ticketsMail(lang: MailLang, data: TicketsMail): MailWords {
  const seats = data.seats?.length ? [...new Set(data.seats)].join(', ') : null;
  if (lang === 'en') {
    const tickets = data.count === 1 ? 'ticket' : `${data.count} tickets`;
    return {
      ...purchaseWords(lang, data),
      subject: data.free ? `Registration confirmed: your tickets for ${data.eventName}` : `Your tickets for ${data.eventName}`,
      paragraphs: [
        `${data.free ? 'Registration confirmed.' : 'Your payment was approved.'} Attached you will find your ${tickets} for ${data.eventName} as a PDF: show each QR code at the entrance.`,
        ...(seats ? [`Your places: ${seats}.`] : []),
      ],
      facts: [...(data.when ? [{ label: 'When', value: data.when }] : []), ...(data.venue ? [{ label: 'Where', value: data.venue }] : []), ...(data.plan ? [{ label: 'Paid in', value: planSentence(lang, data.plan) }] : [])],
      action: data.ticketsUrl ? { sentence: 'You can also see and download them here (keep this link to yourself):', button: `See my ${data.count === 1 ? 'ticket' : 'tickets'}`, url: data.ticketsUrl } : null,
    };
  }
  return {
    ...purchaseWords(lang, data),
    subject: data.free ? `Registro confirmado: tus boletos para ${data.eventName}` : `Tus boletos para ${data.eventName}`,
    paragraphs: [
      `${data.free ? 'Registro confirmado.' : 'Tu pago fue aprobado.'} Adjuntamos ${data.count === 1 ? 'tu boleto' : `tus ${data.count} boletos`} para ${data.eventName} en PDF: presenta cada código QR en el acceso.`,
      ...(seats ? [`Tus lugares: ${seats}.`] : []),
    ],
    facts: [...(data.when ? [{ label: 'Cuándo', value: data.when }] : []), ...(data.venue ? [{ label: 'Dónde', value: data.venue }] : []), ...(data.plan ? [{ label: 'Pagado a', value: planSentence(lang, data.plan) }] : [])],
    action: data.ticketsUrl ? { sentence: 'También puedes verlos y descargarlos aquí (no compartas este enlace):', button: `Ver mis ${data.count === 1 ? 'boleto' : 'boletos'}`, url: data.ticketsUrl } : null,
  };
}

/** The e-mail telling a buyer their payment was given back, and why. */
export function refundMail(lang: MailLang, data: RefundMail): MailWords {
  const amount = mailMoney(lang, data.amountCents, data.currency);
  const free = data.amountCents === 0;
  if (lang === 'en') {
    const why: Record<string, string> = {
      sold_out: 'Your payment arrived after your reservation had expired, and the tickets were sold out by then.',
      duplicate: 'We received more than one payment for the same purchase; your tickets are already issued with the first one.',
      amount_mismatch: 'The amount we received did not match your purchase.',
      discount_exhausted: 'Your payment arrived after your reservation had expired, and by then your discount code had no uses left.',
    };
    return {
      ...purchaseWords(lang, data),
      subject: free ? `We could not confirm your registration for ${data.eventName}` : `Refund of your payment for ${data.eventName}`,
      paragraphs: [
        why[data.reason ?? ''] ?? 'We could not complete your purchase.',
        free ? 'No charge was made.' : `We have refunded ${amount} to the same payment method; depending on your bank it may take a few days to show.`,
      ],
      facts: [],
      action: null,
    };
  }
  const why: Record<string, string> = {
    sold_out: 'Tu pago llegó cuando tu reservación ya había vencido y para entonces los boletos se agotaron.',
    duplicate: 'Recibimos más de un pago para la misma compra; tus boletos ya se emitieron con el primero.',
    amount_mismatch: 'El monto que recibimos no coincide con el de tu compra.',
    discount_exhausted: 'Tu pago llegó cuando tu reservación ya había vencido y para entonces tu código de descuento ya no tenía usos disponibles.',
  };
  return {
    ...purchaseWords(lang, data),
    subject: free ? `No pudimos confirmar tu registro para ${data.eventName}` : `Reembolso de tu pago para ${data.eventName}`,
    paragraphs: [
      why[data.reason ?? ''] ?? 'No pudimos completar tu compra.',
      free ? 'No se realizó ningún cargo.' : `Te reembolsamos ${amount} al mismo medio de pago; según tu banco puede tardar unos días en reflejarse.`,
    ],
    facts: [],
    action: null,
  };
}

/** The e-mail telling a buyer a paid order was called off because its payment went back: its tickets no longer admit anyone. */
export function cancelledMail(lang: MailLang, data: CancelledMail): MailWords {
  if (lang === 'en') {
    return {
      ...purchaseWords(lang, data),
      subject: `Your purchase for ${data.eventName} was cancelled`,
      paragraphs: [
        ...(data.reason === 'organiser'
          ? [
            `The organiser cancelled your purchase.${data.note ? ` Reason: ${data.note}` : ''}`,
            data.refunding ? 'We are refunding your payment to the same payment method; depending on your bank it may take a few days to show.' : 'This cancellation comes without a refund.',
          ]
          : [data.reason === 'dispute_lost' ? 'The payment of your purchase was returned to you by your bank after a dispute.' : 'The payment of your purchase was refunded.']),
        'The tickets of this purchase and their QR codes are no longer valid.',
      ],
      facts: [],
      action: null,
    };
  }
  return {
    ...purchaseWords(lang, data),
    subject: `Tu compra para ${data.eventName} fue cancelada`,
    paragraphs: [
      ...(data.reason === 'organiser'
        ? [
          `El organizador canceló tu compra.${data.note ? ` Motivo: ${data.note}` : ''}`,
          data.refunding ? 'Te reembolsamos el pago al mismo medio de pago; según tu banco puede tardar unos días en reflejarse.' : 'Esta cancelación no incluye reembolso.',
        ]
        : [data.reason === 'dispute_lost' ? 'Tu banco te devolvió el pago de tu compra tras una aclaración.' : 'El pago de tu compra fue reembolsado.']),
      'Los boletos de esta compra y sus códigos QR ya no son válidos.',
    ],
    facts: [],
    action: null,
  };
}

/** "Find my order"'s e-mail: a new link to the buyer's order page. */
export function orderLinkMail(lang: MailLang, data: OrderLinkMail): MailWords {
  if (lang === 'en') {
    return {
      ...purchaseWords(lang, data),
      subject: `Your order for ${data.eventName}`,
      paragraphs: [
        'Someone asked for the link to your order with this e-mail address and its purchase number.',
        ...(data.orderUrl ? [] : ['Open the event page and look for your order with your purchase number.']),
        'If it was not you, you can ignore this message: nobody else gets this link.',
      ],
      facts: [],
      action: data.orderUrl ? { sentence: 'Open your order here (keep this link to yourself):', button: 'Open my order', url: data.orderUrl } : null,
    };
  }
  return {
    ...purchaseWords(lang, data),
    subject: `Tu compra para ${data.eventName}`,
    paragraphs: [
      'Alguien pidió el enlace a tu compra con este correo y su número de compra.',
      ...(data.orderUrl ? [] : ['Abre la página del evento y busca tu compra con tu número de compra.']),
      'Si no fuiste tú, ignora este mensaje: nadie más recibe este enlace.',
    ],
    facts: [],
    action: data.orderUrl ? { sentence: 'Abre tu compra aquí (no compartas este enlace):', button: 'Abrir mi compra', url: data.orderUrl } : null,
  };
}

/** `orderUrl`: the recipient's own link to their ticket (their key in the fragment), null without PUBLIC_URL. */
interface TransferMail { eventName: string; when: string | null; venue: string | null; holderName: string; fromName: string; orderUrl: string | null; purchaseId: string }

/** The e-mail to a ticket's new holder after a transfer: their ticket attached, their own link. */
export function transferMail(lang: MailLang, data: TransferMail): MailWords {
  const footer = lang === 'en' ? `Purchase number: ${data.purchaseId}` : `Número de compra: ${data.purchaseId}`;
  if (lang === 'en') {
    return {
      lang, heading: data.eventName, greeting: `Hello ${data.holderName},`, footer,
      subject: `A ticket for ${data.eventName} is yours`,
      paragraphs: [`${data.fromName || 'Its buyer'} transferred a ticket for ${data.eventName} to you. It is attached as a PDF: show its QR code at the entrance. The previous code no longer admits anyone.`],
      facts: [...(data.when ? [{ label: 'When', value: data.when }] : []), ...(data.venue ? [{ label: 'Where', value: data.venue }] : [])],
      action: data.orderUrl ? { sentence: 'You can also see and download it here (keep this link to yourself):', button: 'See my ticket', url: data.orderUrl } : null,
    };
  }
  return {
    lang, heading: data.eventName, greeting: `Hola ${data.holderName}:`, footer,
    subject: `Te transfirieron un boleto para ${data.eventName}`,
    paragraphs: [`${data.fromName || 'Quien lo compró'} te transfirió un boleto para ${data.eventName}. Lo adjuntamos en PDF: presenta su código QR en el acceso. El código anterior ya no es válido.`],
    facts: [...(data.when ? [{ label: 'Cuándo', value: data.when }] : []), ...(data.venue ? [{ label: 'Dónde', value: data.venue }] : [])],
    action: data.orderUrl ? { sentence: 'También puedes verlo y descargarlo aquí (no compartas este enlace):', button: 'Ver mi boleto', url: data.orderUrl } : null,
  };
}

interface BuyerCancellationMail {
  eventName: string; buyerName: string; purchaseId: string; count: number; feeCents: number; refundCents: number; method: 'provider' | 'payout' | 'none'; currency: string;
  /** Cancelled by the organiser (not the buyer), with the operator's words when given. */
  byOrganiser?: boolean; note?: string | null;
}

/** The e-mail of a cancellation of some tickets (the buyer's own, or the organiser's): how many, what is given back and how, the fee kept. */
export function buyerCancellationMail(lang: MailLang, data: BuyerCancellationMail): MailWords {
  const money = (cents: number) => mailMoney(lang, cents, data.currency);
  if (lang === 'en') {
    const how = { provider: 'to the same payment method; depending on your bank it may take a few days to show', payout: 'by bank transfer to the CLABE you gave us, once the organiser makes it', none: '' }[data.method];
    return {
      ...purchaseWords(lang, data),
      subject: `Your cancellation for ${data.eventName}`,
      paragraphs: [
        `${data.byOrganiser ? 'The organiser cancelled' : 'You cancelled'} ${data.count === 1 ? 'a ticket' : `${data.count} tickets`} of your purchase; ${data.count === 1 ? 'its QR code is' : 'their QR codes are'} no longer valid.${data.note ? ` Reason: ${data.note}` : ''}`,
        data.refundCents > 0 ? `We are refunding ${money(data.refundCents)} ${how}.` : 'This cancellation comes without a refund.',
        ...(data.feeCents > 0 ? [`The event's cancellation fee kept: ${money(data.feeCents)}.`] : []),
      ],
      facts: [],
      action: null,
    };
  }
  const how = { provider: 'al mismo medio de pago; según tu banco puede tardar unos días en reflejarse', payout: 'por transferencia a la CLABE que nos diste, en cuanto el organizador la haga', none: '' }[data.method];
  return {
    ...purchaseWords(lang, data),
    subject: `Tu cancelación para ${data.eventName}`,
    paragraphs: [
      `${data.byOrganiser ? 'El organizador canceló' : 'Cancelaste'} ${data.count === 1 ? 'un boleto' : `${data.count} boletos`} de tu compra; ${data.count === 1 ? 'su código QR ya no es válido' : 'sus códigos QR ya no son válidos'}.${data.note ? ` Motivo: ${data.note}` : ''}`,
      data.refundCents > 0 ? `Te reembolsamos ${money(data.refundCents)} ${how}.` : 'Esta cancelación no incluye reembolso.',
      ...(data.feeCents > 0 ? [`Comisión de cancelación del evento: ${money(data.feeCents)}.`] : []),
    ],
    facts: [],
    action: null,
  };
}

/** Words printed on the PDF tickets. */
export function pdfWords(lang: MailLang) {
  return lang === 'en'
    ? { when: 'When', venue: 'Where', ticket: 'Ticket type', attendee: 'Attendee', seat: 'Seat', folio: 'Folio', purchase: 'Purchase', present: 'Show this QR code at the entrance. It admits one person once.', page: 'Ticket' }
    : { when: 'Cuándo', venue: 'Dónde', ticket: 'Tipo de boleto', attendee: 'Asistente', seat: 'Lugar', folio: 'Folio', purchase: 'Compra', present: 'Presenta este código QR en el acceso. Vale por una entrada, una sola vez.', page: 'Boleto' };
}

export interface InvoiceMail {
  eventName: string;
  buyerName: string;
  purchaseId: string;
  uuid: string;
  /** ingreso: the buyer's invoice; egreso: a credit note of a partial refund. */
  credit: boolean;
}

/** The e-mail carrying a stamped CFDI: its PDF and XML attached. */
export function invoiceMail(lang: MailLang, data: InvoiceMail): MailWords {
  if (lang === 'en') {
    return {
      ...purchaseWords(lang, data),
      subject: data.credit ? `Credit note for your purchase for ${data.eventName}` : `Your invoice (CFDI) for ${data.eventName}`,
      paragraphs: [
        data.credit ? 'Attached are the PDF and XML of the credit note (CFDI de egreso) for the part of your purchase we refunded.' : 'Attached are the PDF and XML of the invoice (CFDI) you requested for your purchase.',
        'Keep the XML: it is the fiscal document; the PDF is its printed form.',
      ],
      facts: [{ label: 'Folio fiscal (UUID)', value: data.uuid }],
      action: null,
    };
  }
  return {
    ...purchaseWords(lang, data),
    subject: data.credit ? `Nota de crédito de tu compra para ${data.eventName}` : `Tu factura (CFDI) de ${data.eventName}`,
    paragraphs: [
      data.credit ? 'Adjuntamos el PDF y el XML de la nota de crédito (CFDI de egreso) por la parte de tu compra que te reembolsamos.' : 'Adjuntamos el PDF y el XML de la factura (CFDI) que solicitaste por tu compra.',
      'Conserva el XML: es el comprobante fiscal; el PDF es su representación impresa.',
    ],
    facts: [{ label: 'Folio fiscal (UUID)', value: data.uuid }],
    action: null,
  };
}

/** The waiting list's e-mails: `ticketName` the sold-out type, `quantity` the tickets asked for, `reference` the entry's id (to give support). */
interface WaitingListMail { eventName: string; ticketName: string; quantity: number; reference: string }

function waitingWords(lang: MailLang, data: WaitingListMail) {
  return lang === 'en'
    ? { lang, heading: data.eventName, greeting: 'Hello,', footer: `Waiting-list reference: ${data.reference}` }
    : { lang, heading: data.eventName, greeting: 'Hola:', footer: `Referencia en la lista de espera: ${data.reference}` };
}

/** The link that puts a waiting-list entry in line (null without PUBLIC_URL: the entry cannot be confirmed from the e-mail). */
export function waitingConfirmMail(lang: MailLang, data: WaitingListMail & { confirmUrl: string | null }): MailWords {
  const tickets = (n: number) => (lang === 'en' ? (n === 1 ? '1 ticket' : `${n} tickets`) : n === 1 ? '1 entrada' : `${n} entradas`);
  if (lang === 'en') {
    return {
      ...waitingWords(lang, data),
      subject: `Confirm your place on the waiting list for ${data.eventName}`,
      paragraphs: [
        `You asked to be told when ${tickets(data.quantity)} “${data.ticketName}” become available. Confirm this address to take your place in line: the line's order is the order of confirmation.`,
        'If it was not you, ignore this message: without confirmation nobody is added.',
      ],
      facts: [],
      action: data.confirmUrl ? { sentence: 'Confirm your place here:', button: 'Confirm my place', url: data.confirmUrl } : null,
    };
  }
  return {
    ...waitingWords(lang, data),
    subject: `Confirma tu lugar en la lista de espera de ${data.eventName}`,
    paragraphs: [
      `Pediste que te avisemos cuando haya ${tickets(data.quantity)} «${data.ticketName}». Confirma este correo para tomar tu lugar en la fila: el orden de la fila es el orden de confirmación.`,
      'Si no fuiste tú, ignora este mensaje: sin confirmación no se anota a nadie.',
    ],
    facts: [],
    action: data.confirmUrl ? { sentence: 'Confirma tu lugar aquí:', button: 'Confirmar mi lugar', url: data.confirmUrl } : null,
  };
}

/** An offer: tickets held for the entry until `until` (the date line in the buyer's language), opened by `offerUrl` (the purchase's key). */
export function waitingOfferMail(lang: MailLang, data: WaitingListMail & { until: string; offerUrl: string | null }): MailWords {
  if (lang === 'en') {
    return {
      ...waitingWords(lang, data),
      subject: `Your tickets for ${data.eventName} are waiting for you`,
      paragraphs: [
        `Tickets became available and we are holding ${data.quantity === 1 ? '1 ticket' : `${data.quantity} tickets`} “${data.ticketName}” for you. Fill in the form and pay before the hold ends; after that they go to the next person in line.`,
        ...(data.offerUrl ? [] : ['Open the event page to buy them.']),
      ],
      facts: [{ label: 'Held until', value: data.until }],
      action: data.offerUrl ? { sentence: 'Buy them here (keep this link to yourself):', button: 'Buy my tickets', url: data.offerUrl } : null,
    };
  }
  return {
    ...waitingWords(lang, data),
    subject: `Tus entradas para ${data.eventName} te esperan`,
    paragraphs: [
      `Se liberaron entradas y te apartamos ${data.quantity === 1 ? '1 entrada' : `${data.quantity} entradas`} «${data.ticketName}». Llena el formulario y paga antes de que termine el apartado; después pasan a la siguiente persona de la fila.`,
      ...(data.offerUrl ? [] : ['Abre la página del evento para comprarlas.']),
    ],
    facts: [{ label: 'Apartadas hasta', value: data.until }],
    action: data.offerUrl ? { sentence: 'Cómpralas aquí (no compartas este enlace):', button: 'Comprar mis entradas', url: data.offerUrl } : null,
  };
}
