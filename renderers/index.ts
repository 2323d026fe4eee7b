export { SchemaForm, type SchemaFormProps } from './SchemaForm/SchemaForm';
export { SchemaFormState, ID_SEPARATOR, type ProblemsOf } from './state/SchemaFormState';
export { formStateOf, shownErrors, type SchemaFormContext } from './state/formContext';
export { createPrecompiledValidator } from './validator/createPrecompiledValidator';
export { problemsToErrorSchema, problemsToErrorList, pointerSegments } from './validator/problemsToErrorSchema';
export { widgets, templates, WIDGET_NAMES } from './registry';
export { translateText, isI18nKey, messageValues } from './i18n/translateText';
export { createTranslateString } from './i18n/createTranslateString';
export { addFormsNamespace } from './i18n/formsNamespace';
