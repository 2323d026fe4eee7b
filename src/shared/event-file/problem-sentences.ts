import { RULES_BY_TYPE } from '../attendee-form/attendee-field-problems';
import type { AttendeeFieldType } from './event-file.types';
import type { ProblemLang } from './event-file-problem';
import type { SemanticProblem, SemanticProblemCode } from './semantic-checks';

type Params = Record<string, string | number>;
type Sentences = Record<SemanticProblemCode, (p: Params) => string>;

const allowedRules = (type: unknown, none: string): string => {
  const rules = RULES_BY_TYPE[type as AttendeeFieldType] ?? [];
  return rules.length > 0 ? rules.join(', ') : none;
};

const ES: Sentences = {
  unknownType: (p) => `el tipo "${p.type}" no existe`,
  selectWithoutValues: () => 'un campo select o multiselect necesita al menos una opción en options.values',
  optionsNotAllowed: (p) => `options solo aplica a campos select y multiselect, y este campo es ${p.type}`,
  duplicateOptionValue: (p) => `la opción "${p.value}" está repetida`,
  emptyOptionValue: () => 'una opción no puede ser texto vacío',
  ruleNotAllowed: (p) =>
    `la regla ${p.rule} no se puede aplicar a un campo ${p.type} (reglas posibles: ${allowedRules(p.type, 'ninguna')})`,
  invalidPattern: (p) => `no es una expresión regular válida de JavaScript (${p.error})`,
  minAboveMax: (p) => `min (${p.min}) es mayor que max (${p.max})`,
  minLengthAboveMaxLength: (p) => `minLength (${p.min}) es mayor que maxLength (${p.max})`,
  notImageMime: (p) => `"${p.value}" no es un tipo MIME de imagen (ej. image/png, image/jpeg)`,
  jpgMime: () => '"image/jpg" no es un tipo MIME real; usa "image/jpeg"',
  checkboxLinkInvalid: () =>
    'en un checkbox, placeholder es el enlace junto a la etiqueta: debe empezar con https://, http:// o /',
  duplicateFieldId: (p) => `el id "${p.id}" ya lo usa otro campo de este formulario`,
  invalidDate: (p) => `"${p.value}" no es una fecha real en formato AAAA-MM-DD`,
  minDateAboveMaxDate: (p) => `minDate (${p.min}) es posterior a maxDate (${p.max})`,
  minChoicesAboveMaxChoices: (p) => `minChoices (${p.min}) es mayor que maxChoices (${p.max})`,
  choicesAboveOptions: (p) => `minChoices (${p.value}) es mayor que el número de opciones (${p.options}); nadie podría responder`,
  conditionUnknownField: (p) => `visible_when nombra el campo "${p.id}", que no existe en este formulario`,
  conditionLaterField: (p) =>
    `visible_when nombra el campo "${p.id}", que no va antes de este; una condición solo puede depender de un campo anterior`,
  conditionOneValue: () => 'visible_when lleva equals o in (uno de los dos)',
  reservedUrl: (p) => `"${p.url}" está reservado por el sistema; elige otra url`,
  duplicateTicketId: (p) => `el id ${p.id} ya lo usa otro boleto`,
  duplicateProductId: (p) => `el id ${p.id} ya lo usa otro producto`,
  duplicateDiscountCode: (p) => `el código "${p.code}" está repetido (no se distinguen mayúsculas de minúsculas)`,
  minimumAboveMaximum: (p) => `el mínimo (${p.minimum}) es mayor que el máximo por compra (${p.maximum})`,
  tooManyDecimals: (p) => `${p.value} tiene más de 2 decimales; los precios van en pesos con centavos`,
  mdFieldMissing: (p) => `md es true, así que ${p.field} es obligatorio`,
  mdPercentAbove100: (p) => `el descuento por volumen es un porcentaje y ${p.value} es mayor que 100`,
  mdMinimumUnreachable: (p) =>
    `el descuento por volumen pide ${p.md_minimum} boletos pero el máximo por compra es ${p.maximum}; nunca se aplicaría`,
  mdAmountAboveLineTotal: (p) =>
    `el descuento fijo (${p.value}) es mayor que el total mínimo al que se aplica (${p.total})`,
  percentOutOfRange: (p) => `el porcentaje debe estar entre 0 y 100, no ${p.value}`,
  percentAndAmount: () => 'un código de descuento lleva percent o amount, no ambos',
  neitherPercentNorAmount: () => 'un código de descuento necesita percent o amount',
  validFromNotBeforeUntil: (p) => `valid_until (${p.until}) debe ser posterior a valid_from (${p.from})`,
  unknownDiscountTicket: (p) => `no existe un boleto con id ${p.id} en este archivo`,
  duplicateProductOptionId: (p) => `el id de opción "${p.id}" está repetido en este producto`,
  productOptionWithoutValues: () => 'una opción de producto necesita al menos un valor',
  accessCodeNotHidden: () => 'access_code solo aplica a boletos ocultos (hidden: true); este se muestra a todos',
  unsafePattern: (p) =>
    `esta expresión regular puede tardar muchísimo con ciertas respuestas (complejidad ${p.complexity === 'exponential' ? 'exponencial' : `polinómica de grado ${p.degree}`}, por ejemplo con «${p.attack}») y bloquearía el servidor; evita repeticiones anidadas o ambiguas como (a+)+ o (a|a)*`,
  uncheckedPattern: (p) =>
    `no se pudo comprobar que esta expresión regular sea segura (${p.reason}); simplifícala`,
  patternsOverBudget: (p) =>
    `las expresiones regulares de este archivo tardan demasiado en comprobarse (más de ${p.seconds} s en total; ${p.unchecked} sin comprobar); usa menos expresiones o más sencillas`,
  lengthAboveLimit: (p) => `${p.rule} (${p.value}) supera el máximo de ${p.limit} caracteres por respuesta; solo puedes bajarlo`,
  endsNotAfterStarts: (p) => `ends_at (${p.ends}) debe ser posterior a starts_at (${p.starts})`,
  endsWithoutStarts: () => 'ends_at necesita starts_at: sin la hora de inicio no se puede mostrar la fecha del evento',
  coordinateWithoutPair: (p) => `falta ${p.missing}: la ubicación del lugar necesita latitude y longitude juntas`,
  shareImageTooSmall: (p) => `la imagen mide ${p.width}×${p.height} píxeles: las vistas previas necesitan al menos 600×315 (1200×630 se ve mejor)`,
  shareImageType: (p) => `"${p.value}" no se muestra en las vistas previas: usa image/jpeg, image/png o image/webp`,
  duplicateCheckinListId: (p) => `el id "${p.id}" ya lo usa otra lista de acceso`,
  unknownCheckinTicket: (p) => `no existe un boleto con id ${p.id} en este archivo; la lista de acceso no lo puede admitir`,
  checkinClosesNotAfterOpens: (p) => `closes_at (${p.closes}) debe ser posterior a opens_at (${p.opens})`,
  waitingRoomKeyMissing: (p) => `el modo ${p.mode} de la sala de espera necesita ${p.key}`,
  waitingRoomKeyOutsideMode: (p) => `${p.key} solo aplica al modo ${p.owner} de la sala de espera (aquí es ${p.mode})`,
  waitingListSeated: () => 'un evento con asientos no puede tener lista de espera: una oferta aparta boletos, no lugares del mapa',
  maxSizeAboveLimit: (p) => `maxSize (${p.value}) supera el máximo de ${p.limit} bytes por imagen; solo puedes bajarlo`,
  installmentsWithoutCardMethod: (p) => `los meses sin intereses solo se ofrecen con tarjeta: activa ${p.methods} en event.config`,
};

const EN: Sentences = {
  unknownType: (p) => `the type "${p.type}" does not exist`,
  selectWithoutValues: () => 'a select or multiselect field needs at least one option in options.values',
  optionsNotAllowed: (p) => `options only applies to select and multiselect fields, and this field is ${p.type}`,
  duplicateOptionValue: (p) => `the option "${p.value}" is repeated`,
  emptyOptionValue: () => 'an option cannot be empty text',
  ruleNotAllowed: (p) =>
    `the rule ${p.rule} cannot be applied to a ${p.type} field (possible rules: ${allowedRules(p.type, 'none')})`,
  invalidPattern: (p) => `is not a valid JavaScript regular expression (${p.error})`,
  minAboveMax: (p) => `min (${p.min}) is greater than max (${p.max})`,
  minLengthAboveMaxLength: (p) => `minLength (${p.min}) is greater than maxLength (${p.max})`,
  notImageMime: (p) => `"${p.value}" is not an image MIME type (e.g. image/png, image/jpeg)`,
  jpgMime: () => '"image/jpg" is not a real MIME type; use "image/jpeg"',
  checkboxLinkInvalid: () =>
    'for a checkbox, placeholder is the link beside the label: it must start with https://, http:// or /',
  duplicateFieldId: (p) => `the id "${p.id}" is already used by another field of this form`,
  invalidDate: (p) => `"${p.value}" is not a real date written YYYY-MM-DD`,
  minDateAboveMaxDate: (p) => `minDate (${p.min}) is later than maxDate (${p.max})`,
  minChoicesAboveMaxChoices: (p) => `minChoices (${p.min}) is greater than maxChoices (${p.max})`,
  choicesAboveOptions: (p) => `minChoices (${p.value}) is greater than the number of options (${p.options}); nobody could answer`,
  conditionUnknownField: (p) => `visible_when names the field "${p.id}", which is not in this form`,
  conditionLaterField: (p) => `visible_when names the field "${p.id}", which does not come before this one; a condition may only depend on an earlier field`,
  conditionOneValue: () => 'visible_when takes equals or in (one of the two)',
  reservedUrl: (p) => `"${p.url}" is reserved by the system; choose another url`,
  duplicateTicketId: (p) => `the id ${p.id} is already used by another ticket`,
  duplicateProductId: (p) => `the id ${p.id} is already used by another product`,
  duplicateDiscountCode: (p) => `the code "${p.code}" is repeated (codes are case-insensitive)`,
  minimumAboveMaximum: (p) => `the minimum (${p.minimum}) is greater than the per-order maximum (${p.maximum})`,
  tooManyDecimals: (p) => `${p.value} has more than 2 decimals; prices are pesos and centavos`,
  mdFieldMissing: (p) => `md is true, so ${p.field} is required`,
  mdPercentAbove100: (p) => `the volume discount is a percentage and ${p.value} is greater than 100`,
  mdMinimumUnreachable: (p) =>
    `the volume discount needs ${p.md_minimum} tickets but the per-order maximum is ${p.maximum}; it would never apply`,
  mdAmountAboveLineTotal: (p) =>
    `the fixed discount (${p.value}) is greater than the smallest total it applies to (${p.total})`,
  percentOutOfRange: (p) => `the percentage must be between 0 and 100, not ${p.value}`,
  percentAndAmount: () => 'a discount code takes percent or amount, not both',
  neitherPercentNorAmount: () => 'a discount code needs percent or amount',
  validFromNotBeforeUntil: (p) => `valid_until (${p.until}) must be later than valid_from (${p.from})`,
  unknownDiscountTicket: (p) => `there is no ticket with id ${p.id} in this file`,
  duplicateProductOptionId: (p) => `the option id "${p.id}" is repeated in this product`,
  productOptionWithoutValues: () => 'a product option needs at least one value',
  accessCodeNotHidden: () => 'access_code only applies to hidden tickets (hidden: true); this one is listed for everyone',
  unsafePattern: (p) =>
    `this regular expression can take extremely long on some answers (${p.complexity === 'exponential' ? 'exponential' : `polynomial of degree ${p.degree}`} complexity, e.g. with "${p.attack}") and would block the server; avoid nested or ambiguous repetition such as (a+)+ or (a|a)*`,
  uncheckedPattern: (p) => `this regular expression could not be shown to be safe (${p.reason}); simplify it`,
  patternsOverBudget: (p) =>
    `the regular expressions of this file take too long to check (over ${p.seconds} s in all; ${p.unchecked} left unchecked); use fewer or simpler ones`,
  lengthAboveLimit: (p) => `${p.rule} (${p.value}) is above the limit of ${p.limit} characters per answer; it can only be lowered`,
  endsNotAfterStarts: (p) => `ends_at (${p.ends}) must be later than starts_at (${p.starts})`,
  endsWithoutStarts: () => 'ends_at needs starts_at: without the start time the event date cannot be shown',
  coordinateWithoutPair: (p) => `${p.missing} is missing: the venue's location needs latitude and longitude together`,
  shareImageTooSmall: (p) => `the image is ${p.width}×${p.height} pixels: previews need at least 600×315 (1200×630 shows best)`,
  shareImageType: (p) => `"${p.value}" is not shown in previews: use image/jpeg, image/png or image/webp`,
  duplicateCheckinListId: (p) => `the id "${p.id}" is already used by another check-in list`,
  unknownCheckinTicket: (p) => `there is no ticket with id ${p.id} in this file; the check-in list cannot admit it`,
  checkinClosesNotAfterOpens: (p) => `closes_at (${p.closes}) must be later than opens_at (${p.opens})`,
  waitingRoomKeyMissing: (p) => `the waiting room's ${p.mode} mode needs ${p.key}`,
  waitingRoomKeyOutsideMode: (p) => `${p.key} applies only to the waiting room's ${p.owner} mode (here it is ${p.mode})`,
  waitingListSeated: () => 'a seated event cannot have a waiting list: an offer holds tickets, not places on the chart',
  maxSizeAboveLimit: (p) => `maxSize (${p.value}) is above the limit of ${p.limit} bytes per image; it can only be lowered`,
  installmentsWithoutCardMethod: (p) => `instalments are only offered on card payments: turn on ${p.methods} in event.config`,
};

/** The operator-facing sentence of one semantic problem. */
export function semanticSentence(problem: SemanticProblem, lang: ProblemLang): string {
  return (lang === 'en' ? EN : ES)[problem.code](problem.params);
}
