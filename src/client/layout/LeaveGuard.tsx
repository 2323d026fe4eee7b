import { observer } from 'mobx-react-lite';
import { lazyWithRetry } from '../lib/lazyWithRetry';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentStep } from '../hooks/useCurrentStep';
import { useStores } from '../StoreContext';

// The modal (Dialog, focus trap, backdrop) is only needed once a buyer tries to leave.
const ExitConfirmModal = lazyWithRetry(() => import('./ExitConfirmModal'));

/**
 * Exit confirmation: the steps that block leaving (form, payment-method) set the
 * blocked flag, other routes clear it; while blocked, leaving or reloading the tab
 * triggers the browser warning. Back buttons that would give up the hold open the
 * exit modal: Cancel stays, Confirm goes to /{url}.
 */
export const LeaveGuard = observer(function LeaveGuard({ url }: { url: string }) {
  const { t } = useTranslation();
  const { ui } = useStores();
  const navigate = useNavigate();
  const blocksLeave = useCurrentStep()?.blocksLeave === true;

  useEffect(() => {
    ui.setLeaveBlocked(blocksLeave);
  }, [ui, blocksLeave]);

  useEffect(() => {
    if (!ui.leaveBlocked) return;
    const warn = (event: BeforeUnloadEvent) => {
      // Read at the moment of leaving: a payment that hands the buyer to its provider clears the flag just before.
      if (!ui.leaveBlocked) return undefined;
      event.preventDefault();
      // Browsers show their own text; ours ('Se perderan tus accesos') is kept for those that still read it.
      event.returnValue = t('common:leaveWarning');
      return t('common:leaveWarning');
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [ui, ui.leaveBlocked, t]);

  if (!ui.exitModalOpen) return null;
  const leave = () => {
    ui.setLeaveBlocked(false);
    ui.closeExitModal();
    navigate(`/${url}`);
  };
  return (
    <Suspense fallback={null}>
      <ExitConfirmModal open onStay={ui.closeExitModal} onLeave={leave} />
    </Suspense>
  );
});
