import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { SchemaFormState } from '../../../renderers/state/SchemaFormState';
import { createPrecompiledValidator } from '../../../renderers/validator/createPrecompiledValidator';
import type { EventPreviewResponse } from '../../shared/api';
import { answerProblems } from '../../shared/attendee-form/answer-problems';
import type { AttendeeAnswers } from '../../shared/attendee-form/attendee-form.types';
import type { AttendeeBlock } from '../forms/attendee/AttendeeFormStore';
import { loadAttendeeModuleFrom, type AttendeeModule } from '../forms/attendee/attendeeModule';
import { PreviewRequestError, type PreviewApi } from './previewApi';

const TOKEN_KEY = 'previewToken';

/** Where the preview stands: asking for the token, showing a pasted file, or following a watched one. */
export type PreviewMode = 'token' | 'paste' | 'watch';

/**
 * The preview page's state: the token (kept in sessionStorage, as the page cannot send a bearer
 * header on navigation), the server's preview of the file, the attendee module compiled from it
 * (the storefront's loader and validators), and the blocks shown — one per unit chosen on the
 * ticket list, their answers kept across reloads of the file so an edit does not wipe what was typed.
 */
export class PreviewStore {
  mode: PreviewMode = 'token';
  tokenRefused = false;
  failed = false;
  preview: EventPreviewResponse | null = null;
  watchedFile: string | null = null;
  module: AttendeeModule | null = null;
  quantities = observable.map<number, number>();
  private states = new Map<string, SchemaFormState<AttendeeAnswers>>();
  private version: number | undefined;
  private stopped = false;
  private abort: AbortController | null = null;

  constructor(
    private readonly api: PreviewApi,
    private readonly storage: Storage,
  ) {
    makeObservable<PreviewStore, 'api' | 'storage' | 'states' | 'version' | 'stopped' | 'abort' | 'show'>(this, {
      api: false,
      storage: false,
      states: false,
      version: false,
      stopped: false,
      abort: false,
      mode: observable,
      tokenRefused: observable,
      failed: observable,
      preview: observableRef,
      watchedFile: observable,
      module: observableRef,
      blocks: computed,
      setQuantity: action,
      show: action,
    });
  }

  get token(): string {
    return this.storage.getItem(TOKEN_KEY) ?? '';
  }

  /** Takes the token from the URL's fragment (what event:preview prints) or sessionStorage, then starts. */
  async start(hash: string): Promise<void> {
    const fromUrl = new URLSearchParams(hash.replace(/^#/, '')).get('token');
    if (fromUrl) this.storage.setItem(TOKEN_KEY, fromUrl);
    if (this.token) await this.enter();
  }

  async useToken(token: string): Promise<void> {
    this.storage.setItem(TOKEN_KEY, token.trim());
    await this.enter();
  }

  /** A watched file (event:preview) is followed; otherwise (the running server) the operator pastes one. */
  private async enter(): Promise<void> {
    try {
      const watched = await this.api.watched();
      this.version = watched.version;
      runInAction(() => {
        this.watchedFile = watched.file;
        this.mode = 'watch';
        this.tokenRefused = false;
      });
      await this.show(watched.preview);
      void this.follow();
    } catch (error) {
      runInAction(() => {
        if (error instanceof PreviewRequestError && error.status === 401) {
          this.storage.removeItem(TOKEN_KEY);
          this.tokenRefused = true;
          this.mode = 'token';
        } else if (error instanceof PreviewRequestError && error.status === 404) {
          this.tokenRefused = false;
          this.mode = 'paste';
        } else this.failed = true;
      });
    }
  }

  /** Long-polls the watched file: each save answers at once with the new preview. */
  private async follow(): Promise<void> {
    while (!this.stopped) {
      this.abort = new AbortController();
      try {
        const watched = await this.api.watched(this.version, this.abort.signal);
        if (watched.version !== this.version) {
          this.version = watched.version;
          await this.show(watched.preview);
        }
      } catch {
        if (this.stopped) return;
        await new Promise((resume) => setTimeout(resume, 1000));
      }
    }
  }

  async previewSource(source: string): Promise<void> {
    try {
      const preview = await this.api.preview(source);
      await this.show(preview);
      runInAction(() => {
        this.failed = false;
      });
    } catch (error) {
      runInAction(() => {
        if (error instanceof PreviewRequestError && error.status === 401) {
          this.storage.removeItem(TOKEN_KEY);
          this.tokenRefused = true;
          this.mode = 'token';
        } else this.failed = true;
      });
    }
  }

  private async show(preview: EventPreviewResponse): Promise<void> {
    const module = preview.module ? await loadAttendeeModuleFrom(preview.module) : null;
    runInAction(() => {
      this.preview = preview;
      this.module = module;
      for (const ticket of preview.event?.tickets ?? []) if (ticket.hasForm && !this.quantities.has(ticket.id)) this.quantities.set(ticket.id, 1);
      // A state belongs to one compiled schema: rebuilt with the answers typed so far.
      const old = this.states;
      this.states = new Map();
      for (const [key, state] of old) this.states.set(`old:${key}`, state);
    });
  }

  setQuantity(ticketId: number, quantity: number): void {
    this.quantities.set(ticketId, quantity);
  }

  /** One block per unit chosen of each ticket type whose form compiled, judged by its precompiled validator. */
  get blocks(): AttendeeBlock[] {
    const module = this.module;
    if (!module) return [];
    const blocks: AttendeeBlock[] = [];
    for (const ticket of this.preview?.event?.tickets ?? []) {
      const id = String(ticket.id);
      const form = module.forms[id];
      const validate = module.validators[id];
      if (!form || !validate) continue;
      const schema = form.schema as RJSFSchema;
      const problemsOf = (data: AttendeeAnswers | undefined) => (validate(data ?? {}) ? [] : answerProblems(validate.errors));
      const count = this.quantities.get(ticket.id) ?? 0;
      for (let iteration = 0; iteration < count; iteration += 1) {
        const key = `${id}-${iteration}`;
        let state = this.states.get(key);
        if (!state) {
          const previous = this.states.get(`old:${key}`);
          state = new SchemaFormState<AttendeeAnswers>(problemsOf, (previous?.data ?? {}) as AttendeeAnswers, `p${id}-${iteration}`);
          this.states.set(key, state);
        }
        blocks.push({
          key,
          ticketId: id,
          ticketName: form.ticketName,
          iteration,
          count,
          schema,
          uiSchema: form.uiSchema as UiSchema,
          validator: createPrecompiledValidator<AttendeeAnswers>(validate, schema, problemsOf),
          state,
        });
      }
    }
    return blocks;
  }

  stop(): void {
    this.stopped = true;
    this.abort?.abort();
  }
}
