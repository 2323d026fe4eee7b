import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef } from 'react';
import { useStores } from '../../StoreContext';
import type { CardChallenge } from '../../stores/PaymentStore';
import { usePaymentsTranslation } from '../usePaymentsTranslation';

const FRAME_NAME = 'three-ds-challenge';

/**
 * The issuer's page inside a frame: opened by POSTing the CReq to it (a form aimed at the
 * frame), closed when that frame says it is over (`{status: 'COMPLETE'}`). Only the frame's own
 * messages count, whatever their origin: the issuer's page lives on the issuer's host.
 */
function ChallengeFrame({ challenge, onComplete }: { challenge: CardChallenge; onComplete: () => void }) {
  const { t } = usePaymentsTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const data: unknown = event.data;
      if (event.source === frame.current?.contentWindow && typeof data === 'object' && data !== null && (data as { status?: unknown }).status === 'COMPLETE') onComplete();
    };
    window.addEventListener('message', onMessage);
    form.current?.submit();
    return () => window.removeEventListener('message', onMessage);
  }, [challenge, onComplete]);

  return (
    <>
      <form ref={form} method="post" action={challenge.url} target={FRAME_NAME} hidden>
        <input type="hidden" name="creq" value={challenge.creq} />
      </form>
      <iframe ref={frame} name={FRAME_NAME} title={t('threeDs.frameLabel')} style={{ width: '100%', height: 460, border: 0 }} />
    </>
  );
}

/** The 3-D Secure challenge of a card payment, over the payment page while the card panel waits. */
export const ThreeDsDialog = observer(function ThreeDsDialog() {
  const { t } = usePaymentsTranslation();
  const { payment } = useStores();
  const titleId = useId();
  const challenge = payment.challenge;

  return (
    // No onClose: neither Escape nor the backdrop dismisses it; the buyer answers the issuer (its page offers both answers).
    <Dialog open={challenge !== null} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('threeDs.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{t('threeDs.intro')}</Typography>
        {challenge ? <ChallengeFrame challenge={challenge} onComplete={payment.finishChallenge} /> : null}
      </DialogContent>
    </Dialog>
  );
});
