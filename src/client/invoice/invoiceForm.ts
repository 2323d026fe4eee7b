import type { RJSFSchema } from '@rjsf/utils';
import type { InvoiceRequest, InvoiceStatusResponse } from '../../shared/api';
import type { AnswerProblem } from '../../shared/attendee-form/attendee-form.types';
import type { ApiFieldError } from '../api/ApiError';

/** The invoice form's answers (the request's fields, as the form holds them). */
export type InvoiceAnswers = Partial<InvoiceRequest>;

type Node = RJSFSchema & { properties?: Record<string, RJSFSchema> };

/**
 * The uses of CFDI the form offers for a régimen: the `enum` of `uso_cfdi` in the schema's condition
 * whose `if` names that régimen (schemas/forms/invoice.schema.json); every use while none is chosen.
 * The schema stays the one place that says which uses a régimen allows: the validator judges the
 * same condition.
 */
export function usesOffered(schema: RJSFSchema, regime: string | undefined): readonly string[] {
  const all = ((schema.properties?.uso_cfdi as RJSFSchema | undefined)?.enum ?? []) as string[];
  if (!regime) return all;
  for (const part of (schema.allOf ?? []) as Node[]) {
    const named = ((part.if as Node | undefined)?.properties?.regimen_fiscal?.enum ?? []) as string[];
    const uses = (part.then as Node | undefined)?.properties?.uso_cfdi?.enum as string[] | undefined;
    if (uses && named.includes(regime)) return uses;
  }
  return all;
}

/** The schema rjsf draws for the current answers: `uso_cfdi` lists only the uses the chosen régimen allows. */
export function invoiceSchemaFor(schema: RJSFSchema, regime: string | undefined): RJSFSchema {
  const properties = schema.properties as Record<string, RJSFSchema>;
  return { ...schema, properties: { ...properties, uso_cfdi: { ...properties.uso_cfdi, enum: [...usesOffered(schema, regime)] } } };
}

/** What the form starts with: the fiscal data the buyer saved (then asked again whether to keep them), and the order's e-mail. */
export function initialInvoiceAnswers(saved: InvoiceStatusResponse['datos_guardados'], email: string | undefined): InvoiceAnswers {
  return { ...(saved ?? {}), ...(email ? { email } : {}), ...(saved ? { guardar_datos: true } : {}) };
}

/** The request a valid form sends (`guardar_datos` always said). */
export function invoiceRequestOf(answers: InvoiceAnswers): InvoiceRequest {
  const { rfc = '', razon_social = '', regimen_fiscal = '', codigo_postal = '', uso_cfdi = '', email = '', guardar_datos = false } = answers;
  return { rfc, razon_social, regimen_fiscal, codigo_postal, uso_cfdi, email, guardar_datos };
}

/** The server's refusals of fields (`/rfc`, …) as the form's problems, on their fields. */
export function invoiceServerProblems(errors: readonly ApiFieldError[]): AnswerProblem[] {
  return errors.filter((error) => /^\/[a-z_]+$/.test(error.path)).map((error) => ({ pointer: error.path, message: error.message }));
}
