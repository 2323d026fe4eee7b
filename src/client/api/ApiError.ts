import type { ApiFieldError } from '../../shared/api';

export type { ApiFieldError };

/** An HTTP error from the checkout API: status plus the server's `mensaje` and `code` when sent. */
export class ApiError extends Error {
  readonly status: number;
  /** The server's human message (`mensaje`), shown to the buyer when present. */
  readonly mensaje: string | undefined;
  readonly code: string | undefined;
  /** The per-field refusals (`errors`) of a validation answer, e.g. `/buyer_info/phone`. */
  readonly validationErrors: ApiFieldError[];
  /** A refused card payment that exists at the provider (402 CARD_PAYMENT_REJECTED): its id, for its loader page. */
  readonly paymentId: string | undefined;

  constructor(status: number, mensaje?: string, code?: string, validationErrors: ApiFieldError[] = [], paymentId?: string) {
    super(mensaje ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.mensaje = mensaje;
    this.code = code;
    this.validationErrors = validationErrors;
    this.paymentId = paymentId;
  }

  /** 401 and 429 already raised their own toast in the HTTP client; callers stay quiet. */
  get handledGlobally(): boolean {
    return this.status === 401 || this.status === 429;
  }
}

/** The server's `mensaje` when `error` is an ApiError that carries one. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.mensaje ? error.mensaje : undefined;
}

/** The server's error `code` when `error` is an ApiError that carries one. */
export function serverCode(error: unknown): string | undefined {
  return error instanceof ApiError ? error.code : undefined;
}

/** True when the HTTP client already told the buyer about this error. */
export function isHandledGlobally(error: unknown): boolean {
  return error instanceof ApiError && error.handledGlobally;
}
