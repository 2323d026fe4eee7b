import Form from '@rjsf/core';
import type { Experimental_DefaultFormStateBehavior, RegistryWidgetsType, RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import { observer } from 'mobx-react-lite';
import { use, useMemo, useRef, type ElementType, type FormEvent, type ReactNode } from 'react';
import { conditionsOf, hiddenFields, withoutHiddenAnswers } from '../../src/shared/attendee-form/conditions';
import { useTranslation } from 'react-i18next';
import { createTranslateString } from '../i18n/createTranslateString';
import { addFormsNamespace } from '../i18n/formsNamespace';
import { loadedFormParts, loadFormParts, needsFormParts } from '../formParts';
import { templates, widgets } from '../registry';
import type { SchemaFormContext } from '../state/formContext';
import { ID_SEPARATOR, type SchemaFormState } from '../state/SchemaFormState';
import { problemsToErrorSchema } from '../validator/problemsToErrorSchema';
import { mergeAllOfForRendering } from './mergeAllOfForRendering';
import { withoutConditions } from './withoutConditions';

export interface SchemaFormProps<T> {
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  /** From `createPrecompiledValidator` (the same step as `state`'s problems). */
  validator: ValidatorType<T>;
  /** Data, touched set, submitted flag and problems of this form (its idPrefix names the inputs). */
  state: SchemaFormState<T>;
  disabled?: boolean;
  /** `form` (default) or e.g. `div` when the form sits inside a larger <form>. */
  tagName?: ElementType;
  /** Called with the data (large answers resolved) when the form is submitted without problems. */
  onSubmit?: (formData: T) => void;
  /** Called when submitted with problems (after they are shown). */
  onInvalid?: () => void;
  /** Rendered at the end of the form (e.g. its submit button). */
  children?: ReactNode;
  /** Widgets beyond the shared registry (the card forms' `paymentWidgets`). */
  extraWidgets?: RegistryWidgetsType;
  /**
   * How rjsf fills fields the data lacks (its default: every optional object and each array's minItems
   * entries). The console's event editor asks for none, so an untouched optional part stays absent.
   */
  defaultFormStateBehavior?: Experimental_DefaultFormStateBehavior;
  /** Accessible name of the form element. */
  'aria-label'?: string;
  'aria-labelledby'?: string;
}

/**
 * A JSON Schema form rendered by rjsf with our MUI widgets and templates. rjsf renders;
 * `state` (MobX) judges: its problems (precompiled validator + shared cross-field step,
 * plus widget and server problems) reach rjsf as `extraErrors`, and the templates show
 * a field's first problem once it was touched or the form submitted. rjsf's own
 * validation stays off, so no ajv compiler runs in the browser.
 */
function SchemaFormView<T>(props: SchemaFormProps<T>) {
  const { schema, uiSchema, validator, state, disabled, tagName, onSubmit, onInvalid, children, extraWidgets, defaultFormStateBehavior } = props;
  // The parts only some forms need (array field, date/country/… widgets): loaded before the form
  // is shown by whoever loads it; if not, this suspends until they are (renderers/formParts.ts).
  const needsParts = useMemo(() => needsFormParts(schema, uiSchema), [schema, uiSchema]);
  const parts = needsParts ? (loadedFormParts() ?? use(loadFormParts())) : undefined;
  const allWidgets = useMemo(() => (extraWidgets || parts ? { ...widgets, ...parts?.widgets, ...extraWidgets } : widgets), [extraWidgets, parts]);
  const allTemplates = useMemo(() => (parts ? { ...templates, ...parts.templates } : templates), [parts]);
  const { t, i18n } = useTranslation();
  addFormsNamespace(i18n);
  // A new function when the language changes, so rjsf's strings follow it.
  const translateString = useMemo(() => createTranslateString(t), [t]);
  const formContext = useMemo<SchemaFormContext>(() => ({ state: state as SchemaFormState<unknown> }), [state]);
  const extraErrors = useMemo(() => problemsToErrorSchema<T>(state.problems), [state.problems]);
  const renderedSchema = useMemo(() => withoutConditions(schema), [schema]);
  const conditions = useMemo(() => conditionsOf(schema), [schema]);
  const form = useRef<Form<T>>(null);

  // A field its condition hides loses its answer at once, in rjsf's data too (or the answer
  // would come back with the field), so a hidden answer is never judged, kept in the draft or sent.
  const change = (formData: T) => {
    const answers = formData as Record<string, unknown>;
    if (answers === null || typeof answers !== 'object' || Object.keys(conditions).length === 0) {
      state.setFormData(formData);
      return;
    }
    // rjsf fills an array field with [] by itself: clearing that one in rjsf would only refill it (and
    // report a change again), so an empty answer is left there and merely kept out of the state.
    const hidden = [...hiddenFields(conditions, answers)].filter((id) => answers[id] !== undefined && !(Array.isArray(answers[id]) && (answers[id] as unknown[]).length === 0));
    state.setFormData(withoutHiddenAnswers(conditions, answers) as T);
    for (const id of hidden) form.current?.setFieldValue([id], undefined);
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    state.markSubmitted();
    if (state.hasErrors) onInvalid?.();
    else onSubmit?.(state.data);
  };

  return (
    <Form<T>
      ref={form}
      schema={renderedSchema}
      uiSchema={uiSchema}
      validator={validator}
      initialFormData={state.formData}
      formContext={formContext}
      widgets={allWidgets}
      templates={allTemplates}
      fields={parts?.fields}
      translateString={translateString}
      idPrefix={state.idPrefix}
      idSeparator={ID_SEPARATOR}
      tagName={tagName}
      disabled={disabled}
      extraErrors={extraErrors}
      experimental_customMergeAllOf={mergeAllOfForRendering}
      experimental_defaultFormStateBehavior={defaultFormStateBehavior}
      noHtml5Validate
      showErrorList={false}
      liveValidate={false}
      onChange={(event) => change(event.formData as T)}
      onBlur={(id) => state.touch(state.pointerOfId(id))}
      // rjsf's submit validates with the same validator; our state has already judged.
      onSubmit={(_data, event) => submit(event)}
      onError={() => submit()}
      aria-label={props['aria-label']}
      aria-labelledby={props['aria-labelledby']}
    >
      {children ?? <></>}
    </Form>
  );
}

export const SchemaForm = observer(SchemaFormView) as <T>(props: SchemaFormProps<T>) => ReactNode;
