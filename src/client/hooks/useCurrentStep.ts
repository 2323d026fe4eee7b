import { useLocation, useParams } from 'react-router';
import { checkoutFlow, stepAtPath, type StepDefinition } from '../flow/checkoutFlow';

/** The checkout step of the current address (undefined on pages outside the flow). */
export function useCurrentStep(): StepDefinition | undefined {
  const { url = '' } = useParams();
  const { pathname } = useLocation();
  return stepAtPath(checkoutFlow, decodeURIComponent(url), pathname);
}
