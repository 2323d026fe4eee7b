import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { preloadStep } from '../pages/lazyPages';
import { useStores } from '../StoreContext';
import { checkoutFlow, nextStep, stepPath, type StepId } from './checkoutFlow';

/**
 * "Submit, then on to the next step": `advance(submit, succeeded)` runs the step's submit and,
 * when `succeeded` says its result is a success, navigates to the step the flow puts after
 * `step` for the order as it now stands (the server's answer may have changed it, e.g. whether
 * a form is needed). Resolves with the submit's result so the page can react to a failure.
 * The chunk of the step that comes next as the order stands before the submit (on the ticket
 * page a guess from the chosen ticket types; after it the server's answer) starts downloading
 * in parallel with the submit; a step the answer adds instead loads when it is navigated to.
 */
export function useAdvance(step: StepId) {
  const { checkout, event } = useStores();
  const navigate = useNavigate();
  return useCallback(
    async <T>(submit: () => Promise<T>, succeeded: (result: T) => boolean = Boolean): Promise<T> => {
      const expected = nextStep(checkoutFlow, step, checkout.flowContext);
      if (expected) preloadStep(expected.id);
      const result = await submit();
      if (!succeeded(result)) return result;
      const next = nextStep(checkoutFlow, step, checkout.flowContext);
      if (next && event.url) navigate(stepPath(event.url, next));
      return result;
    },
    [checkout, event, navigate, step],
  );
}
