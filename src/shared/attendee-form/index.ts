export { compileAttendeeFields } from './compile-attendee-fields';
export { compileOrderForm } from './compile-order-form';
export { fileAnswerLimits, type FileAnswerLimits } from './file-answer-limits';
export { answerProblems } from './answer-problems';
export {
  attendeeFieldProblems,
  attendeeFormProblems,
  RULES_BY_TYPE,
  type FieldProblem,
  type FieldProblemCode,
} from './attendee-field-problems';
export { AttendeeFormDefinitionError } from './attendee-form-definition-error';
export { ATTENDEE_MESSAGE_KEYS, type AttendeeMessageKey } from './message-keys';
export { dataUrlMaxLength, IMAGE_DATA_URL_PATTERN, EMAIL_PATTERN } from './field-schema';
export { IMAGE_ANSWER_MAX_BYTES, TEXT_ANSWER_MAX_LENGTH } from './answer-limits';
export type {
  AnswerProblem,
  AttendeeAnswers,
  CompiledForm,
  OrderFormAnswers,
  OrderFormLine,
  UiSchema,
} from './attendee-form.types';
