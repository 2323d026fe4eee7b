import { StepGuard } from '../components/StepGuard';
import { AttendeeFormView } from '../forms/attendee/AttendeeFormView';

/**
 * `/{url}/form` ('Assign your tickets'): only for an order that needs attendee answers
 * (the guard redirects to /{url} without tickets, purchase or form requirement). A lazy
 * route: rjsf, the renderers and the attendee validators never reach the ticket page.
 */
export default function FormPage() {
  return (
    <StepGuard step="information">
      <AttendeeFormView />
    </StepGuard>
  );
}
