/** The bot-check script is not (yet) available; the buyer sees 'reCAPTCHA no cargado aún'. */
export class BotCheckNotLoadedError extends Error {
  constructor(message = 'reCAPTCHA not loaded') {
    super(message);
    this.name = 'BotCheckNotLoadedError';
  }
}
