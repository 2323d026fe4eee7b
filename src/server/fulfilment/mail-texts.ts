import { formatMoney } from '../../shared/money';

export type MailLang = 'es' | 'en';

/** `lang` as stored with the buyer info; Spanish unless it says English. */
export function mailLang(value: unknown): MailLang {
  return value === 'en' ? 'en' : 'es';
}

/** `ticketsUrl`: the buyer's thank-you page, with the key that opens it; `purchaseId`: the reference to give support. */
/** `when` / `venue`: the event's date line and venue line (`event-when.ts`), null when the event file gives none. `seats`: seated events' places, in ticket order. */
interface TicketsMail { eventName: string; when: string | null; venue: string | null; buyerName: string; purchaseId: string; count: number; ticketsUrl: string | null; seats?: string[] }
interface RefundMail { eventName: string; buyerName: string; purchaseId: string; amountCents: number; currency: string; reason: string | null }
/**
 * `reason`: why the paid order was called off (its payment refunded at the provider, taken back after a dispute, or
 * `organiser`: cancelled by hand, with the operator's `note` and `refunding` when its payment is being given back).
 */
interface CancelledMail { eventName: string; buyerName: string; purchaseId: string; reason: string | null; note?: string | null; refunding?: boolean }

/** The e-mail with the tickets attached, in the buyer's language. */
export function ticketsMail(lang: MailLang, data: TicketsMail): { subject: string; text: string } {
  if (lang === 'en') {
    return {
      subject: `Your tickets for ${data.eventName}`,
      text: [
        `Hello ${data.buyerName},`,
        '',
        `Your payment was approved. Attached you will find your ${data.count === 1 ? 'ticket' : `${data.count} tickets`} for ${data.eventName} as a PDF: show each QR code at the entrance.`,
        ...(data.when || data.venue ? ['', ...(data.when ? [`When: ${data.when}`] : []), ...(data.venue ? [`Where: ${data.venue}`] : [])] : []),
        data.seats?.length ? `Your places: ${[...new Set(data.seats)].join(', ')}.` : '',
        data.ticketsUrl ? `You can also see and download them here (keep this link to yourself): ${data.ticketsUrl}` : '',
        '',
        `Purchase number: ${data.purchaseId}`,
      ].join('\n'),
    };
  }
  return {
    subject: `Tus boletos para ${data.eventName}`,
    text: [
      `Hola ${data.buyerName}:`,
      '',
      `Tu pago fue aprobado. Adjuntamos ${data.count === 1 ? 'tu boleto' : `tus ${data.count} boletos`} para ${data.eventName} en PDF: presenta cada código QR en el acceso.`,
      ...(data.when || data.venue ? ['', ...(data.when ? [`Cuándo: ${data.when}`] : []), ...(data.venue ? [`Dónde: ${data.venue}`] : [])] : []),
      data.seats?.length ? `Tus lugares: ${[...new Set(data.seats)].join(', ')}.` : '',
      data.ticketsUrl ? `También puedes verlos y descargarlos aquí (no compartas este enlace): ${data.ticketsUrl}` : '',
      '',
      `Número de compra: ${data.purchaseId}`,
    ].join('\n'),
  };
}

/** The e-mail telling a buyer their payment was given back, and why. */
export function refundMail(lang: MailLang, data: RefundMail): { subject: string; text: string } {
  const amount = formatMoney(data.amountCents, data.currency, lang === 'en' ? 'en-US' : 'es-MX');
  const free = data.amountCents === 0;
  if (lang === 'en') {
    const why: Record<string, string> = {
      sold_out: 'Your payment arrived after your reservation had expired, and the tickets were sold out by then.',
      duplicate: 'We received more than one payment for the same purchase; your tickets are already issued with the first one.',
      amount_mismatch: 'The amount we received did not match your purchase.',
      discount_exhausted: 'Your payment arrived after your reservation had expired, and by then your discount code had no uses left.',
    };
    return {
      subject: free ? `We could not confirm your registration for ${data.eventName}` : `Refund of your payment for ${data.eventName}`,
      text: [
        `Hello ${data.buyerName},`,
        '',
        why[data.reason ?? ''] ?? 'We could not complete your purchase.',
        free ? 'No charge was made.' : `We have refunded ${amount} to the same payment method; depending on your bank it may take a few days to show.`,
        '',
        `Purchase number: ${data.purchaseId}`,
      ].join('\n'),
    };
  }
  const why: Record<string, string> = {
    sold_out: 'Tu pago llegó cuando tu reservación ya había vencido y para entonces los boletos se agotaron.',
    duplicate: 'Recibimos más de un pago para la misma compra; tus boletos ya se emitieron con el primero.',
    amount_mismatch: 'El monto que recibimos no coincide con el de tu compra.',
    discount_exhausted: 'Tu pago llegó cuando tu reservación ya había vencido y para entonces tu código de descuento ya no tenía usos disponibles.',
  };
  return {
    subject: free ? `No pudimos confirmar tu registro para ${data.eventName}` : `Reembolso de tu pago para ${data.eventName}`,
    text: [
      `Hola ${data.buyerName}:`,
      '',
      why[data.reason ?? ''] ?? 'No pudimos completar tu compra.',
      free ? 'No se realizó ningún cargo.' : `Te reembolsamos ${amount} al mismo medio de pago; según tu banco puede tardar unos días en reflejarse.`,
      '',
      `Número de compra: ${data.purchaseId}`,
    ].join('\n'),
  };
}

/** The e-mail telling a buyer a paid order was called off because its payment went back: its tickets no longer admit anyone. */
export function cancelledMail(lang: MailLang, data: CancelledMail): { subject: string; text: string } {
  if (lang === 'en') {
    return {
      subject: `Your purchase for ${data.eventName} was cancelled`,
      text: [
        `Hello ${data.buyerName},`,
        '',
        ...(data.reason === 'organiser'
          ? [
            `The organiser cancelled your purchase.${data.note ? ` Reason: ${data.note}` : ''}`,
            data.refunding ? 'We are refunding your payment to the same payment method; depending on your bank it may take a few days to show.' : 'This cancellation comes without a refund.',
          ]
          : [data.reason === 'dispute_lost' ? 'The payment of your purchase was returned to you by your bank after a dispute.' : 'The payment of your purchase was refunded.']),
        'The tickets of this purchase and their QR codes are no longer valid.',
        '',
        `Purchase number: ${data.purchaseId}`,
      ].join('\n'),
    };
  }
  return {
    subject: `Tu compra para ${data.eventName} fue cancelada`,
    text: [
      `Hola ${data.buyerName}:`,
      '',
      ...(data.reason === 'organiser'
        ? [
          `El organizador canceló tu compra.${data.note ? ` Motivo: ${data.note}` : ''}`,
          data.refunding ? 'Te reembolsamos el pago al mismo medio de pago; según tu banco puede tardar unos días en reflejarse.' : 'Esta cancelación no incluye reembolso.',
        ]
        : [data.reason === 'dispute_lost' ? 'Tu banco te devolvió el pago de tu compra tras una aclaración.' : 'El pago de tu compra fue reembolsado.']),
      'Los boletos de esta compra y sus códigos QR ya no son válidos.',
      '',
      `Número de compra: ${data.purchaseId}`,
    ].join('\n'),
  };
}

/** `orderUrl`: the recipient's own link to their ticket (their key in the fragment), null without PUBLIC_URL. */
interface TransferMail { eventName: string; when: string | null; venue: string | null; holderName: string; fromName: string; orderUrl: string | null; purchaseId: string }

/** The e-mail to a ticket's new holder after a transfer: their ticket attached, their own link. */
export function transferMail(lang: MailLang, data: TransferMail): { subject: string; text: string } {
  const where = (w: string, v: string) => (data.when || data.venue ? ['', ...(data.when ? [`${w}: ${data.when}`] : []), ...(data.venue ? [`${v}: ${data.venue}`] : [])] : []);
  if (lang === 'en') {
    return {
      subject: `A ticket for ${data.eventName} is yours`,
      text: [
        `Hello ${data.holderName},`, '',
        `${data.fromName || 'Its buyer'} transferred a ticket for ${data.eventName} to you. It is attached as a PDF: show its QR code at the entrance. The previous code no longer admits anyone.`,
        ...where('When', 'Where'),
        data.orderUrl ? `You can also see and download it here (keep this link to yourself): ${data.orderUrl}` : '',
        '', `Purchase number: ${data.purchaseId}`,
      ].join('\n'),
    };
  }
  return {
    subject: `Te transfirieron un boleto para ${data.eventName}`,
    text: [
      `Hola ${data.holderName}:`, '',
      `${data.fromName || 'Quien lo compró'} te transfirió un boleto para ${data.eventName}. Lo adjuntamos en PDF: presenta su código QR en el acceso. El código anterior ya no es válido.`,
      ...where('Cuándo', 'Dónde'),
      data.orderUrl ? `También puedes verlo y descargarlo aquí (no compartas este enlace): ${data.orderUrl}` : '',
      '', `Número de compra: ${data.purchaseId}`,
    ].join('\n'),
  };
}

interface BuyerCancellationMail { eventName: string; buyerName: string; purchaseId: string; count: number; feeCents: number; refundCents: number; method: 'provider' | 'payout' | 'none'; currency: string }

/** The e-mail confirming a buyer's own cancellation: how many tickets, what is given back and how, the fee kept. */
export function buyerCancellationMail(lang: MailLang, data: BuyerCancellationMail): { subject: string; text: string } {
  const money = (cents: number) => formatMoney(cents, data.currency, lang === 'en' ? 'en-US' : 'es-MX');
  if (lang === 'en') {
    const how = { provider: 'to the same payment method; depending on your bank it may take a few days to show', payout: 'by bank transfer to the CLABE you gave us, once the organiser makes it', none: '' }[data.method];
    return {
      subject: `Your cancellation for ${data.eventName}`,
      text: [
        `Hello ${data.buyerName},`, '',
        `You cancelled ${data.count === 1 ? 'a ticket' : `${data.count} tickets`} of your purchase; ${data.count === 1 ? 'its QR code is' : 'their QR codes are'} no longer valid.`,
        data.refundCents > 0 ? `We are refunding ${money(data.refundCents)} ${how}.` : 'This cancellation comes without a refund.',
        data.feeCents > 0 ? `The event's cancellation fee kept: ${money(data.feeCents)}.` : '',
        '', `Purchase number: ${data.purchaseId}`,
      ].join('\n'),
    };
  }
  const how = { provider: 'al mismo medio de pago; según tu banco puede tardar unos días en reflejarse', payout: 'por transferencia a la CLABE que nos diste, en cuanto el organizador la haga', none: '' }[data.method];
  return {
    subject: `Tu cancelación para ${data.eventName}`,
    text: [
      `Hola ${data.buyerName}:`, '',
      `Cancelaste ${data.count === 1 ? 'un boleto' : `${data.count} boletos`} de tu compra; ${data.count === 1 ? 'su código QR ya no es válido' : 'sus códigos QR ya no son válidos'}.`,
      data.refundCents > 0 ? `Te reembolsamos ${money(data.refundCents)} ${how}.` : 'Esta cancelación no incluye reembolso.',
      data.feeCents > 0 ? `Comisión de cancelación del evento: ${money(data.feeCents)}.` : '',
      '', `Número de compra: ${data.purchaseId}`,
    ].join('\n'),
  };
}

/** Words printed on the PDF tickets. */
export function pdfWords(lang: MailLang) {
  return lang === 'en'
    ? { when: 'When', venue: 'Where', ticket: 'Ticket type', attendee: 'Attendee', seat: 'Seat', folio: 'Folio', purchase: 'Purchase', present: 'Show this QR code at the entrance. It admits one person once.', page: 'Ticket' }
    : { when: 'Cuándo', venue: 'Dónde', ticket: 'Tipo de boleto', attendee: 'Asistente', seat: 'Lugar', folio: 'Folio', purchase: 'Compra', present: 'Presenta este código QR en el acceso. Vale por una entrada, una sola vez.', page: 'Boleto' };
}
