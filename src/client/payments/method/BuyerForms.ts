import type { BuyerForm } from '../../api/paymentTypes';
import { loadStaticForm, type StaticForm } from '../../forms/staticForms';
import type { PaymentMethodId } from '../../../shared/payment-methods';

/**
 * The buyer forms of one visit of the payment page, one per panel (so each keeps its
 * own ids and touched state), built on first opening. A form opened later starts from
 * what the buyer already typed in another panel, or from the buyer info of the order.
 */
export class BuyerForms {
  private readonly forms = new Map<PaymentMethodId, Promise<StaticForm<BuyerForm>>>();
  private readonly loaded: StaticForm<BuyerForm>[] = [];

  constructor(private readonly initial: () => Partial<BuyerForm> | null) {}

  /** The form of `method`'s panel (the same one on every call). */
  get(method: PaymentMethodId): Promise<StaticForm<BuyerForm>> {
    let form = this.forms.get(method);
    if (!form) {
      form = loadStaticForm<BuyerForm>('buyer', { idPrefix: `buyer-${method}`, initialData: this.latestData() }).then((loaded) => {
        this.loaded.push(loaded);
        return loaded;
      });
      // A failed load may be retried.
      form.catch(() => this.forms.delete(method));
      this.forms.set(method, form);
    }
    return form;
  }

  private latestData(): Partial<BuyerForm> {
    const typed = [...this.loaded].reverse().find((form) => Object.values(form.state.formData ?? {}).some(Boolean));
    if (typed) return { ...typed.state.formData };
    const initial = this.initial();
    return initial ? { ...initial, emailConfirm: initial.emailConfirm ?? initial.email } : {};
  }
}
