/** The words of the pass page and of the passes' labels, in the buyer's language. */
export function passWords(lang: 'es' | 'en') {
  return lang === 'en'
    ? {
        pageTitle: 'Your ticket',
        event: 'Event',
        when: 'When',
        venue: 'Where',
        ticketType: 'Ticket type',
        attendee: 'Attendee',
        folio: 'Folio',
        seat: 'Seat',
        qrAlt: (folio: string) => `QR code of ticket ${folio}: show it at the entrance`,
        present: 'Show this QR code at the entrance. It admits one person once.',
        addToWallet: 'Add to your phone',
        appleButton: 'Add to Apple Wallet',
        googleButton: 'Add to Google Wallet',
        googleTestNote: 'The Google Wallet button opens our test save page, which shows the pass it would save; nothing reaches Google.',
        appleTestNote:
          'Test mode: this Apple Wallet pass is signed with a test certificate and will not open on a real iPhone. The QR code on this page and on the PDF works at the entrance.',
        eventPage: 'Event page',
        pdf: 'Download this ticket as a PDF',
        notFoundTitle: 'Ticket not found',
        notFoundText: 'This link does not open any ticket. Check that you copied it whole, or open your tickets again from your confirmation e-mail.',
        revokedTitle: 'Ticket cancelled',
        revokedText: 'This ticket was cancelled (its purchase was refunded or called off) and no longer admits anyone. Its QR code is refused at the entrance.',
      }
    : {
        pageTitle: 'Tu boleto',
        event: 'Evento',
        when: 'Cuándo',
        venue: 'Dónde',
        ticketType: 'Tipo de boleto',
        attendee: 'Asistente',
        folio: 'Folio',
        seat: 'Asiento',
        qrAlt: (folio: string) => `Código QR del boleto ${folio}: preséntalo en el acceso`,
        present: 'Presenta este código QR en el acceso. Vale por una entrada, una sola vez.',
        addToWallet: 'Guárdalo en tu teléfono',
        appleButton: 'Agregar a Apple Wallet',
        googleButton: 'Agregar a Google Wallet',
        googleTestNote: 'El botón de Google Wallet abre nuestra página de prueba, que muestra el pase que se guardaría; nada llega a Google.',
        appleTestNote:
          'Modo de prueba: este pase de Apple Wallet está firmado con un certificado de prueba y no se abrirá en un iPhone real. El código QR de esta página y del PDF sí sirve en el acceso.',
        eventPage: 'Página del evento',
        pdf: 'Descargar este boleto en PDF',
        notFoundTitle: 'Boleto no encontrado',
        notFoundText: 'Este enlace no abre ningún boleto. Revisa que lo hayas copiado completo, o vuelve a abrir tus boletos desde tu correo de confirmación.',
        revokedTitle: 'Boleto cancelado',
        revokedText: 'Este boleto fue cancelado (su compra se reembolsó o se canceló) y ya no da acceso. Su código QR se rechaza en la entrada.',
      };
}
