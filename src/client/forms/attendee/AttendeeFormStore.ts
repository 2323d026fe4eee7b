import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import { action, computed, makeObservable, observable, observableRef, reaction, runInAction } from 'mobx';
import { SchemaFormState } from '../../../../renderers/state/SchemaFormState';
import { createPrecompiledValidator } from '../../../../renderers/validator/createPrecompiledValidator';
import { pointerSegments } from '../../../../renderers/validator/problemsToErrorSchema';
import { answerProblems } from '../../../shared/attendee-form/answer-problems';
import { conditionsOf, withoutHiddenAnswers } from '../../../shared/attendee-form/conditions';
import type { AnswerProblem, AttendeeAnswers, OrderFormAnswers } from '../../../shared/attendee-form/attendee-form.types';
import { ApiError, isHandledGlobally } from '../../api/ApiError';
import type { RootStore } from '../../stores/RootStore';
import { readDraft, writeDraft } from './attendeeDraft';
import { loadAttendeeModule, type AttendeeModule } from './attendeeModule';

/** One attendee block: a ticket unit's own form. */
export interface AttendeeBlock {
  /** `${ticketId}-${iteration}`. */
  key: string;
  ticketId: string;
  ticketName: string;
  /** 0-based unit of the ticket line. */
  iteration: number;
  /** Units of this ticket in the order. */
  count: number;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  validator: ValidatorType<AttendeeAnswers>;
  state: SchemaFormState<AttendeeAnswers>;
}

export type SubmitResult = 'ok' | 'invalid' | 'failed';

/** Injected for tests; the page uses the real ones. */
export interface AttendeeFormDeps {
  loadModule: (eventUrl: string) => Promise<AttendeeModule>;
  addInfo: (purchaseId: string, form: OrderFormAnswers) => Promise<unknown>;
}

const DRAFT_DELAY_MS = 400;

/** Runs `task` when the browser is idle (soon after, where requestIdleCallback is missing). */
function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout: 1000 });
  else setTimeout(task, 0);
}

/**
 * The attendee step ('Assign your tickets'): one block per ticket unit, each its own
 * schema form judged by the ticket's precompiled validator; the draft in sessionStorage;
 * submit → add-info-purchase, with the server's per-field errors put back on their fields.
 */
export class AttendeeFormStore {
  status: 'idle' | 'loading' | 'ready' | 'error' = 'idle';
  blocks: AttendeeBlock[] = [];
  submitting = false;
  /** A submit was tried: the summary under the button may speak. */
  submitAttempted = false;
  private disposeDraft: (() => void) | null = null;

  constructor(
    private readonly root: RootStore,
    private readonly deps: AttendeeFormDeps = {
      loadModule: loadAttendeeModule,
      addInfo: (purchaseId, form) => root.api.addInfo(purchaseId, form),
    },
  ) {
    makeObservable<AttendeeFormStore, 'root' | 'deps' | 'disposeDraft'>(this, {
      root: false,
      deps: false,
      disposeDraft: false,
      status: observable,
      blocks: observableRef,
      submitting: observable,
      submitAttempted: observable,
      answers: computed,
      hasErrors: computed,
      load: action,
      submit: action,
    });
  }

  /** Every block's answers keyed by ticket id and iteration, as add-info wants them. */
  get answers(): OrderFormAnswers {
    const answers: OrderFormAnswers = {};
    for (const block of this.blocks) (answers[block.ticketId] ??= [])[block.iteration] = block.state.data ?? {};
    return answers;
  }

  get hasErrors(): boolean {
    return this.blocks.some((block) => block.state.hasErrors);
  }

  /** Builds the blocks for the held order (ticket lines with a form, one per unit) and restores the draft. */
  async load(): Promise<void> {
    const { checkout, event } = this.root;
    const url = event.url;
    const purchaseId = checkout.purchaseId;
    if (!url || !purchaseId) return;
    this.status = 'loading';
    try {
      const module = await this.deps.loadModule(url);
      const draft = readDraft(this.root.sessionStorage, purchaseId) ?? {};
      const blocks: AttendeeBlock[] = [];
      for (const line of checkout.tickets) {
        const ticketId = String(line.ticketId);
        const form = module.forms[ticketId];
        const validate = module.validators[ticketId];
        if (!form || !validate || line.quantity <= 0) continue;
        const schema = form.schema as RJSFSchema;
        const problemsOf = (data: AttendeeAnswers | undefined) => (validate(data ?? {}) ? [] : answerProblems(validate.errors));
        for (let iteration = 0; iteration < line.quantity; iteration += 1) {
          const saved = draft[ticketId]?.[iteration];
          blocks.push({
            key: `${ticketId}-${iteration}`,
            ticketId,
            ticketName: form.ticketName || line.name,
            iteration,
            count: line.quantity,
            schema,
            uiSchema: form.uiSchema as UiSchema,
            validator: createPrecompiledValidator<AttendeeAnswers>(validate, schema, problemsOf),
            // A draft saved under another version of the form may hold answers its conditions now hide.
            state: new SchemaFormState<AttendeeAnswers>(problemsOf, saved && typeof saved === 'object' ? withoutHiddenAnswers(conditionsOf(schema), saved) : {}, `a${ticketId}-${iteration}`),
          });
        }
      }
      runInAction(() => {
        this.blocks = blocks;
        this.status = 'ready';
      });
      this.keepDraft();
    } catch (error) {
      console.error('Could not load the attendee form', error);
      runInAction(() => {
        this.status = 'error';
      });
    }
  }

  /**
   * Saves the answers to sessionStorage once typing pauses (a reload restores them): a
   * debounce, then an idle moment, so serialising (images included) never lands on a keystroke.
   */
  private keepDraft(): void {
    this.disposeDraft?.();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stopReaction = reaction(
      () => this.answers,
      () => {
        clearTimeout(timer);
        timer = setTimeout(() => whenIdle(() => this.flushDraft()), DRAFT_DELAY_MS);
      },
    );
    this.disposeDraft = () => {
      clearTimeout(timer);
      stopReaction();
    };
  }

  /** Writes the draft now (the page is being hidden or left). */
  flushDraft(): void {
    const purchaseId = this.root.checkout.purchaseId;
    if (purchaseId && this.status === 'ready') writeDraft(this.root.sessionStorage, { purchaseId, answers: this.answers });
  }

  /**
   * Continue: show every problem; with none, send the answers. 'ok' marks the form
   * completed; the server's per-field refusals land on their fields ('invalid').
   */
  async submit(): Promise<SubmitResult> {
    if (this.submitting || this.status !== 'ready') return 'failed';
    this.submitAttempted = true;
    for (const block of this.blocks) block.state.markSubmitted();
    if (this.hasErrors) return 'invalid';
    const purchaseId = this.root.checkout.purchaseId;
    if (!purchaseId) return 'failed';
    this.submitting = true;
    const { ui, checkout } = this.root;
    try {
      await ui.track(this.deps.addInfo(purchaseId, JSON.parse(JSON.stringify(this.answers)) as OrderFormAnswers));
      this.flushDraft();
      runInAction(() => checkout.markFormCompleted());
      return 'ok';
    } catch (error) {
      // 401 and 429 were already toasted by the API client.
      if (!isHandledGlobally(error)) ui.notifyRequestFailure(error);
      if (error instanceof ApiError && error.status === 410) checkout.deletePurchase();
      if (error instanceof ApiError && error.validationErrors.length > 0) {
        this.applyServerErrors(error.validationErrors);
        return 'invalid';
      }
      return 'failed';
    } finally {
      runInAction(() => {
        this.submitting = false;
      });
    }
  }

  /** Puts each `/ticketId/iteration/field` refusal on its block's field. */
  private applyServerErrors(fieldErrors: { path: string; message: string }[]): void {
    const byBlock = new Map<string, AnswerProblem[]>();
    for (const { path, message } of fieldErrors) {
      const [ticketId, iteration, ...rest] = pointerSegments(path);
      if (ticketId === undefined || iteration === undefined) continue;
      const key = `${ticketId}-${iteration}`;
      const pointer = rest.map((segment) => `/${segment.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
      byBlock.set(key, [...(byBlock.get(key) ?? []), { pointer, message }]);
    }
    runInAction(() => {
      for (const block of this.blocks) block.state.setServerProblems(byBlock.get(block.key) ?? []);
    });
  }

  dispose(): void {
    this.disposeDraft?.();
    this.disposeDraft = null;
  }
}
