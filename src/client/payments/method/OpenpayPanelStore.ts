import { makeAutoObservable, runInAction } from 'mobx';
import { ApiError } from '../../api/ApiError';
import type { OpenpayProcessPaymentRequest } from '../../api/paymentTypes';
import type { Notification } from '../../stores/ports';
import type { StartOutcome } from './PaymentActions';

/** The outer form's data (schemas/forms/second-card): the card fields themselves live in the card frame. */
export interface SecondCardForm {
  cardHolderName: string;
  email: string;
  emailConfirm?: string;
}

/** Card fields mount this long after the provider's script is ready. */
export const CARD_FIELDS_DELAY_MS = 200;

/** What the card frame posts (frame → page); nothing else ever crosses. */
type FrameMessage =
  | { source: 'openpay-card-frame'; type: 'ready' }
  | { source: 'openpay-card-frame'; type: 'token'; requestId: string; token: string; bin: string }
  | { source: 'openpay-card-frame'; type: 'error'; requestId: string; description: string };

type TokenResult = { token: string; bin: string } | { description: string };

export interface OpenpayPanelDeps {
  /** Loads openpay.v1 + openpay-data.v1 and answers the device session id. */
  loadSdk(): Promise<{ deviceSessionId: string }>;
  allowedBins(): readonly string[];
  pay(details: Omit<OpenpayProcessPaymentRequest, 'purchase_id' | 'lang'>): Promise<StartOutcome>;
  notify(notification: Notification): void;
  /** After a failed payment the method list shows only Openpay (the payment-methods error flag). */
  setErrorFlag(): void;
  wait(ms: number): Promise<void>;
  /** This page's origin: the only one the frame's messages are accepted from and posted to. */
  origin: string;
}

/**
 * The Openpay panel: loads Openpay's scripts (device session id), mounts the card frame
 * 200 ms later, and pays: the frame tokenizes (the page only ever sees the token and the
 * first six digits), the allowed-BIN check, then process-payment. Tokenization failure →
 * toast with the provider's description or 'Existe un error en el formularo'; payment
 * failure → toast with the server's error_message or 'Error en la transaccion', and the error flag.
 */
export class OpenpayPanelStore {
  sdkState: 'idle' | 'loading' | 'ready' | 'failed' = 'idle';
  frameMounted = false;
  frameReady = false;
  busy = false;
  binRefused = false;
  private deviceSessionId = '';
  private frame: Window | null = null;
  private readonly pending = new Map<string, (result: TokenResult) => void>();
  private sequence = 0;

  constructor(private readonly deps: OpenpayPanelDeps) {
    makeAutoObservable<OpenpayPanelStore, 'deps' | 'frame' | 'pending' | 'deviceSessionId' | 'sequence'>(this, { deps: false, frame: false, pending: false, deviceSessionId: false, sequence: false, frameRef: false });
  }

  async open(): Promise<void> {
    if (this.sdkState === 'loading' || this.sdkState === 'ready') return;
    this.sdkState = 'loading';
    try {
      const { deviceSessionId } = await this.deps.loadSdk();
      this.deviceSessionId = deviceSessionId;
      runInAction(() => {
        this.sdkState = 'ready';
      });
    } catch (error) {
      console.error('Could not load Openpay', error);
      runInAction(() => {
        this.sdkState = 'failed';
      });
      return;
    }
    await this.deps.wait(CARD_FIELDS_DELAY_MS);
    runInAction(() => {
      this.frameMounted = true;
    });
  }

  /** The iframe's ref (stable, so React calls it only when the frame mounts and unmounts). */
  readonly frameRef = (element: HTMLIFrameElement | null): void => this.attachFrame(element?.contentWindow ?? null);

  /** The frame's window, once it is in the page (null when it leaves). */
  attachFrame(frame: Window | null): void {
    this.frame = frame;
    if (!frame) this.frameReady = false;
  }

  /** A `message` event of the page: only the card frame's own, from our origin, counts. */
  onMessage(event: Pick<MessageEvent, 'origin' | 'source' | 'data'>): void {
    if (event.origin !== this.deps.origin || !this.frame || event.source !== this.frame) return;
    const data = event.data as FrameMessage | null;
    if (!data || data.source !== 'openpay-card-frame') return;
    if (data.type === 'ready') {
      this.frameReady = true;
      return;
    }
    const resolve = this.pending.get(data.requestId);
    if (!resolve) return;
    this.pending.delete(data.requestId);
    resolve(data.type === 'token' ? { token: data.token, bin: data.bin } : { description: data.description });
  }

  private tokenize(holderName: string): Promise<TokenResult> {
    const frame = this.frame;
    if (!frame) return Promise.resolve({ description: '' });
    this.sequence += 1;
    const requestId = String(this.sequence);
    return new Promise<TokenResult>((resolve) => {
      this.pending.set(requestId, resolve);
      frame.postMessage({ source: 'openpay-parent', type: 'tokenize', requestId, holderName }, this.deps.origin);
    });
  }

  async pay(form: SecondCardForm): Promise<void> {
    if (this.busy || !this.frameReady) return;
    this.busy = true;
    this.binRefused = false;
    try {
      const result = await this.tokenize(form.cardHolderName.trim());
      if ('description' in result) {
        this.deps.notify(result.description ? { variant: 'error', text: result.description } : { variant: 'error', messageKey: 'payments:errors.openpayFormError' });
        return;
      }
      const allowed = this.deps.allowedBins();
      if (allowed.length > 0 && !allowed.includes(result.bin)) {
        runInAction(() => {
          this.binRefused = true;
        });
        return;
      }
      const email = form.email.trim();
      const outcome = await this.deps.pay({
        token: result.token,
        device_session_id: this.deviceSessionId,
        buyer_info: { name: form.cardHolderName.trim(), email, emailConfirm: form.emailConfirm ?? email },
      });
      if (outcome.kind !== 'failed') return;
      const error = outcome.error;
      // The hold ran out: PaymentActions already told the buyer and left the page.
      if (error instanceof ApiError && error.status === 410) return;
      const message = error instanceof ApiError ? error.mensaje : undefined;
      this.deps.notify(message ? { variant: 'error', text: message } : { variant: 'error', messageKey: 'payments:errors.transactionFailed' });
      this.deps.setErrorFlag();
    } finally {
      runInAction(() => {
        this.busy = false;
      });
    }
  }
}
