import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { InstallmentPlan } from '../../../shared/api/installments';
import type { StaticForm } from '../../forms/staticForms';
import type { AccountPaymentMethod } from '../providers/mercadopagoSdk';
import { chosenMonths, type PlanChoice } from './installmentsForm';

export interface AccountPlanDeps {
  /** The plans our server offers for the saved method behind the fast-payment token (it reads the card's BIN from MercadoPago). */
  plansFor(fastPaymentToken: string, method: AccountPaymentMethod): Promise<InstallmentPlan[]>;
  /** The plans' choice as a form of our schema engine (installmentsForm). */
  planForm(plans: InstallmentPlan[]): StaticForm<PlanChoice>;
}

/**
 * The plan choice of a method saved in the buyer's MercadoPago account (the card panel's saved
 * cards, the super token's methods): each choice of method asks our server for its plans; a later
 * choice drops an earlier, slower answer. No plans (debit, account money, an event without
 * instalments) or a failed request: nothing shown, one payment.
 */
export class AccountPlanChoice {
  form: StaticForm<PlanChoice> | null = null;
  private sequence = 0;

  constructor(private readonly deps: AccountPlanDeps) {
    makeAutoObservable<AccountPlanChoice, 'deps' | 'sequence'>(this, { deps: false, sequence: false, form: observableRef }, { autoBind: true });
  }

  /** The months chosen (1: one payment). */
  get months(): number {
    return chosenMonths(this.form);
  }

  /** The buyer chose `method` of the account behind `fastPaymentToken`: forget the old plans, ask for its own. */
  async ask(fastPaymentToken: string | null, method: AccountPaymentMethod | null | undefined): Promise<void> {
    const sequence = ++this.sequence;
    this.form = null;
    if (!fastPaymentToken || !method) return;
    let plans: InstallmentPlan[] = [];
    try {
      plans = await this.deps.plansFor(fastPaymentToken, method);
    } catch (error) {
      console.error('Could not ask for the saved card\'s plans', error);
    }
    runInAction(() => {
      if (sequence === this.sequence) this.form = plans.length > 0 ? this.deps.planForm(plans) : null;
    });
  }

  clear(): void {
    this.sequence += 1;
    this.form = null;
  }
}
