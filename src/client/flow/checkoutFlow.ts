/**
 * The checkout flow as data (after pretix's checkoutflow; docs/product-rules.md, *Checkout flow and order state*).
 * The step bar, the Back/Continue buttons and the page guards all read this list;
 * no step order is written into JSX.
 */

export type StepId = 'tickets' | 'products' | 'information' | 'payment';

/** What the flow needs to know about the order; built by `CheckoutStore.flowContext`. */
export interface FlowContext {
  hasProducts: boolean;
  /** The server's isFormRequiered once a purchase exists, otherwise a guess from the selected ticket types. */
  formRequired: boolean;
  hasTickets: boolean;
  hasPurchase: boolean;
  formCompleted: boolean;
}

export interface StepDefinition {
  id: StepId;
  /** Path below `/{url}`; '' is the ticket page. */
  route: string;
  /** i18n key of the step bar label. */
  labelKey: string;
  /** i18n key of the Back button that returns to this step. */
  backLabelKey: string;
  /** The step works on a held purchase: the header shows the hold countdown. */
  showsHoldTimer: boolean;
  /** Leaving loses the buyer's place: browser warning on unload (the form and payment-method steps). */
  blocksLeave: boolean;
  isApplicable(ctx: FlowContext): boolean;
  isCompleted(ctx: FlowContext): boolean;
}

/** The storefront's checkout flow, in order. */
export const checkoutFlow: readonly StepDefinition[] = [
  {
    id: 'tickets',
    showsHoldTimer: false,
    blocksLeave: false,
    route: '',
    labelKey: 'checkout:steps.tickets',
    backLabelKey: 'checkout:actions.backToTickets',
    isApplicable: () => true,
    // A held purchase is what every later step works on.
    isCompleted: (ctx) => ctx.hasTickets && ctx.hasPurchase,
  },
  {
    id: 'products',
    showsHoldTimer: true,
    blocksLeave: false,
    route: 'productos',
    labelKey: 'checkout:steps.products',
    backLabelKey: 'checkout:actions.backToProducts',
    isApplicable: (ctx) => ctx.hasProducts,
    // Products are optional: once the purchase exists the buyer may go on without any.
    isCompleted: (ctx) => ctx.hasPurchase,
  },
  {
    id: 'information',
    showsHoldTimer: true,
    blocksLeave: true,
    route: 'form',
    labelKey: 'checkout:steps.information',
    backLabelKey: 'checkout:actions.backToInformation',
    isApplicable: (ctx) => ctx.formRequired,
    isCompleted: (ctx) => ctx.formCompleted,
  },
  {
    id: 'payment',
    showsHoldTimer: true,
    blocksLeave: true,
    route: 'payment-method',
    labelKey: 'checkout:steps.payment',
    backLabelKey: 'checkout:actions.back',
    isApplicable: () => true,
    // Paying ends the flow on another page; inside the flow it is never "done".
    isCompleted: () => false,
  },
];

/** The steps that apply to this order, in order (what the step bar shows). */
export function applicableSteps(flow: readonly StepDefinition[], ctx: FlowContext): StepDefinition[] {
  return flow.filter((step) => step.isApplicable(ctx));
}

/**
 * The steps the step bar shows: those that apply, and the step the buyer is on even where the
 * order does not say it applies yet (a refresh on the form before the held purchase is restored),
 * so the bar keeps its length when the purchase arrives.
 */
export function barSteps(flow: readonly StepDefinition[], ctx: FlowContext, current: StepId | undefined): StepDefinition[] {
  return flow.filter((step) => step.id === current || step.isApplicable(ctx));
}

/**
 * Where a buyer who asks for step `wanted` may be: `wanted` itself when it applies
 * and every applicable step before it is completed; otherwise the first applicable
 * step that is not completed (the natural place to resume).
 */
export function resolveStep(flow: readonly StepDefinition[], wanted: StepId, ctx: FlowContext): StepDefinition {
  const steps = applicableSteps(flow, ctx);
  const firstOpen = steps.find((step) => !step.isCompleted(ctx)) ?? steps[steps.length - 1];
  const wantedIndex = steps.findIndex((step) => step.id === wanted);
  if (wantedIndex === -1) return firstOpen;
  const blocker = steps.slice(0, wantedIndex).find((step) => !step.isCompleted(ctx));
  return blocker ?? steps[wantedIndex];
}

/** The applicable step after `current`, or undefined at the end of the flow. */
export function nextStep(flow: readonly StepDefinition[], current: StepId, ctx: FlowContext): StepDefinition | undefined {
  const steps = applicableSteps(flow, ctx);
  const index = steps.findIndex((step) => step.id === current);
  return index === -1 ? undefined : steps[index + 1];
}

/** The applicable step before `current`, or undefined on the first step. */
export function previousStep(flow: readonly StepDefinition[], current: StepId, ctx: FlowContext): StepDefinition | undefined {
  const steps = applicableSteps(flow, ctx);
  const index = steps.findIndex((step) => step.id === current);
  return index <= 0 ? undefined : steps[index - 1];
}

/** The browser path of `step` for event `url`. */
export function stepPath(url: string, step: StepDefinition): string {
  return step.route ? `/${url}/${step.route}` : `/${url}`;
}

/** Looks a step up by id. */
export function stepById(flow: readonly StepDefinition[], id: StepId): StepDefinition {
  const step = flow.find((candidate) => candidate.id === id);
  if (!step) throw new Error(`Unknown checkout step ${id}`);
  return step;
}

/** The step shown at `pathname` for event `url`, if that path is a step. */
export function stepAtPath(flow: readonly StepDefinition[], url: string, pathname: string): StepDefinition | undefined {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return flow.find((step) => stepPath(url, step) === normalised);
}
