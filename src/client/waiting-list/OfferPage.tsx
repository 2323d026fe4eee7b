import Alert from '@mui/material/Alert';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { readThankYouFragment } from '../../shared/purchase-access';
import { LoadingIndicator } from '../components/LoadingIndicator';
import { useStores } from '../StoreContext';
import { useWaitingListTranslation } from './waitingListNamespace';

/**
 * `/{url}/offer`, a waiting-list offer's link (`#purchase_id=…&key=…`, taken off the address bar): the held
 * purchase becomes this tab's order, brought back as after a refresh, and the buyer goes on to its attendee form
 * (or the next open step) with the header's countdown at the offer's end. An offer that ran out says so.
 */
const OfferPage = observer(function OfferPage() {
  const { t } = useWaitingListTranslation();
  const { checkout, event, actions } = useStores();
  const url = event.url ?? '';
  const [state, setState] = useState<'opening' | 'open' | 'gone'>('opening');

  useEffect(() => {
    const link = readThankYouFragment(window.location.hash);
    if (link) window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
    if (!link) {
      setState(checkout.purchaseId ? 'open' : 'gone');
      return;
    }
    checkout.adoptPurchase(link.purchaseId, link.key, url);
    void actions.restorePurchase(url).then(() => setState(checkout.purchaseId === link.purchaseId ? 'open' : 'gone'));
  }, [checkout, actions, url]);

  if (state === 'open') return <Navigate to={`/${url}/form`} replace />;
  if (state === 'gone') return <Alert severity="warning" role="status">{t('offer.gone')}</Alert>;
  return <LoadingIndicator labelKey="waitinglist:offer.opening" />;
});

export default OfferPage;
