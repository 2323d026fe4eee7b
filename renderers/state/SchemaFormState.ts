import { action, computed, makeObservable, observable, observableRef, type IEqualsComparer } from 'mobx';
import type { AnswerProblem } from '../../src/shared/attendee-form/attendee-form.types';
import { isLargeHandle, LargeValues } from './largeValues';

/** What a form's data is judged by: every problem, pointers relative to the form's root (`/email`). */
export type ProblemsOf<T> = (formData: T) => AnswerProblem[];

/** The separator of rjsf ids in our forms: field ids never contain a dot (letters, digits, _ and -). */
export const ID_SEPARATOR = '.';

const escapeToken = (token: string): string => token.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The live state of one schema form, kept outside rjsf so pages (and several forms on
 * one page) can read it: the data, the touched set, the submitted flag, problems a widget
 * found before a value existed (e.g. a file that is not an image) and problems the server
 * returned. Errors show on a field once it was touched or the form was submitted.
 *
 * `formData` is rjsf's data, where large answers (images) are short handles; `data` is the
 * real answers (validation, draft, submit). A large answer's verdict is computed once per
 * value, assuming it depends on that answer alone (true of image fields).
 */
export class SchemaFormState<T = Record<string, unknown>> {
  /** rjsf's data: large answers are handles (see `data`). */
  formData: T;
  /** Large answers by handle (widgets intern an image before handing it to rjsf). */
  readonly largeValues = new LargeValues();
  private readonly largeVerdicts = new Map<string, AnswerProblem[]>();
  /** Pointers (`/email`) of the fields the buyer has left at least once. */
  readonly touched = observable.set<string>();
  submitted = false;
  /** Per pointer, a problem a widget found itself (shown first, blocks like any other). */
  widgetProblems = new Map<string, string>();
  /** What the server refused, per pointer; a field's own entries go once its value changes. */
  serverProblems: AnswerProblem[] = [];

  constructor(
    private readonly problemsOf: ProblemsOf<T>,
    initialData: T,
    /** rjsf `idPrefix` of this form: ids are `${idPrefix}.${field}`. */
    readonly idPrefix = 'root',
  ) {
    this.formData = this.largeValues.internObject(initialData);
    makeObservable<SchemaFormState<T>, 'problemsOf' | 'largeVerdicts'>(this, {
      problemsOf: false,
      largeValues: false,
      largeVerdicts: false,
      data: computed,
      formData: observableRef,
      submitted: observable,
      widgetProblems: observable,
      serverProblems: observableRef,
      schemaProblems: computed({ equals: sameProblems as IEqualsComparer<unknown> }),
      problems: computed({ equals: sameProblems as IEqualsComparer<unknown> }),
      hasErrors: computed,
      setFormData: action,
      touch: action,
      markSubmitted: action,
      setWidgetProblem: action,
      setServerProblems: action,
      reset: action,
    });
  }

  /** The real answers: `formData` with its handles resolved. */
  get data(): T {
    return this.largeValues.resolveObject(this.formData);
  }

  /**
   * What the schema (and its cross-field rules) says about the current data. Large answers
   * are judged once per value: the rest is validated with them left empty, their own
   * problems come from the cache.
   */
  get schemaProblems(): AnswerProblem[] {
    const data = this.formData as Record<string, unknown>;
    const large = typeof data === 'object' && data !== null ? Object.entries(data).filter(([, value]) => isLargeHandle(value)) : [];
    if (large.length === 0) return this.problemsOf(this.formData);
    const light: Record<string, unknown> = { ...data };
    for (const [key] of large) light[key] = '';
    const pointers = large.map(([key]) => `/${escapeToken(key)}`);
    const at = (pointer: string) => (problem: AnswerProblem) => problem.pointer === pointer || problem.pointer.startsWith(`${pointer}/`);
    const problems = this.problemsOf(light as T).filter((problem) => !pointers.some((pointer) => at(pointer)(problem)));
    large.forEach(([key, handle], index) => {
      let verdict = this.largeVerdicts.get(handle as string);
      if (!verdict) {
        verdict = this.problemsOf({ ...light, [key]: this.largeValues.resolve(handle) } as T).filter(at(pointers[index]));
        this.largeVerdicts.set(handle as string, verdict);
      }
      problems.push(...verdict);
    });
    return problems;
  }

  /** Every problem, a field's widget problem first, then the schema's, then the server's. */
  get problems(): AnswerProblem[] {
    const widget = [...this.widgetProblems].map(([pointer, message]) => ({ pointer, message }));
    return [...widget, ...this.schemaProblems, ...this.serverProblems];
  }

  get hasErrors(): boolean {
    return this.problems.length > 0;
  }

  /** The first message for the field at `pointer`, whether shown yet or not. */
  firstMessageAt(pointer: string): string | undefined {
    return this.problems.find((problem) => problem.pointer === pointer)?.message;
  }

  /** Whether errors of the field at `pointer` are shown: touched, submitted, or refused by the server. */
  isShown(pointer: string): boolean {
    return this.submitted || this.touched.has(pointer) || this.serverProblems.some((problem) => problem.pointer === pointer);
  }

  /** The JSON pointer of the field an rjsf id names (`root.email` → `/email`). */
  pointerOfId(id: string): string {
    const prefix = `${this.idPrefix}${ID_SEPARATOR}`;
    if (id === this.idPrefix) return '';
    const path = id.startsWith(prefix) ? id.slice(prefix.length) : id;
    return `/${path.split(ID_SEPARATOR).map(escapeToken).join('/')}`;
  }

  /** New data from the form; server problems of the fields that changed are dropped. */
  setFormData(formData: T): void {
    const before = this.formData as Record<string, unknown> | undefined;
    const after = formData as Record<string, unknown> | undefined;
    if (this.serverProblems.length > 0) {
      this.serverProblems = this.serverProblems.filter((problem) => {
        const key = problem.pointer.split('/')[1]?.replace(/~1/g, '/').replace(/~0/g, '~');
        return key === undefined || before?.[key] === after?.[key];
      });
    }
    this.formData = formData;
    this.largeValues.keepOnly(formData);
    for (const handle of [...this.largeVerdicts.keys()]) if (this.largeValues.resolve(handle) === '') this.largeVerdicts.delete(handle);
  }

  touch(pointer: string): void {
    if (!this.touched.has(pointer)) this.touched.add(pointer);
  }

  markSubmitted(): void {
    this.submitted = true;
  }

  /** A widget's own verdict on the field at `pointer` (null clears it). */
  setWidgetProblem(pointer: string, message: string | null): void {
    if (message === null) this.widgetProblems.delete(pointer);
    else this.widgetProblems.set(pointer, message);
  }

  /** Problems the server returned for this form (pointers relative to it). */
  setServerProblems(problems: AnswerProblem[]): void {
    this.serverProblems = problems;
  }

  /** Forgets what was shown (touched, submitted, widget and server problems); the data stays. */
  reset(): void {
    this.touched.clear();
    this.submitted = false;
    this.widgetProblems.clear();
    this.serverProblems = [];
  }
}

function sameProblems(a: readonly AnswerProblem[], b: readonly AnswerProblem[]): boolean {
  return a.length === b.length && a.every((problem, index) => problem.pointer === b[index].pointer && problem.message === b[index].message);
}
