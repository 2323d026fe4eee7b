import Box from '@mui/material/Box';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../layout/LanguageSwitch';
import { useStores } from '../StoreContext';
import { addCheckinNamespace } from './checkinNamespace';
import { createDoorApi } from './doorApi';
import { openDoorDb } from './doorDb';
import { installScanner } from './doorWorker';
import { DoorStore, type ShownVerdict } from './DoorStore';
import { signalVerdict, toneOf } from './feedback';
import { CameraPanel, DirectionSwitch, SearchPanel, WedgeForm } from './ScannerInputs';
import { VerdictScreen, verdictSentence } from './VerdictScreen';

/** An admission clears itself after this long; a refusal stays until the next scan or a tap. */
const ADMITTED_SHOWN_MS = 2500;

const chip = { px: 1.5, py: 0.5, borderRadius: 4, fontWeight: 700, fontSize: '1rem' } as const;

/** Online state, scans waiting to upload, admitted / total. */
const DoorStatusBar = observer(function DoorStatusBar({ store }: { store: DoorStore }) {
  const { t } = useTranslation('checkin');
  return (
    <Box role="group" aria-label={t('status.label')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <Box component="span" data-testid="checkin-online" sx={{ ...chip, bgcolor: store.online ? '#1b5e20' : '#424242', color: '#fff' }}>
        {t(store.online ? 'status.online' : 'status.offline')}
      </Box>
      <Box component="span" data-testid="checkin-pending" sx={{ ...chip, bgcolor: store.pending ? '#ffe082' : 'grey.200', color: '#111' }}>
        {t('status.pending', { count: store.pending })}
      </Box>
      <Box component="span" data-testid="checkin-counts" sx={{ ...chip, bgcolor: 'grey.200', color: '#111' }}>
        {t('status.counts', { admitted: store.admitted, total: store.total })}
      </Box>
    </Box>
  );
});

/**
 * `/checkin`: the door scanner (docs/checkin.md). Paired by the token in the address's fragment (kept in IndexedDB,
 * then taken out of the address bar), it decides every scan on the phone from the synced list — camera, hardware
 * scanner (keyboard wedge) or folio/name search — and uploads the scans when online. Its own lazy chunk.
 */
const CheckinPage = observer(function CheckinPage() {
  const { t, i18n } = useTranslation('checkin');
  addCheckinNamespace(i18n);
  const { ui } = useStores();
  const [store, setStore] = useState<DoorStore | null>(null);
  const [announced, setAnnounced] = useState('');
  const wedge = useRef<HTMLInputElement>(null);
  const sentence = useRef<(verdict: ShownVerdict) => string>(() => '');
  sentence.current = (verdict) => verdictSentence(t, i18n.language, verdict);

  useEffect(() => {
    const token = window.location.hash.slice(1);
    // The token leaves the address bar (and the history) before anything else runs.
    if (window.location.hash) history.replaceState(null, '', window.location.pathname);
    let door: DoorStore | undefined;
    let stopped = false;
    const onOnline = () => door?.setOnline(true);
    const onOffline = () => door?.setOnline(false);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    void openDoorDb().then(async (db) => {
      if (stopped) return;
      door = new DoorStore(db, createDoorApi(() => door?.token ?? '', () => ui.language), (verdict) => {
        // Two equal verdicts in a row differ by a trailing no-break space, so a screen reader speaks both.
        setAnnounced(sentence.current(verdict) + (verdict.id % 2 ? '\u00a0' : ''));
        signalVerdict(toneOf(verdict.verdict));
      });
      setStore(door);
      await door.start(decodeURIComponent(token), navigator.onLine);
    });
    void installScanner().catch((error: unknown) => console.warn('Scanner could not be installed for offline use', error));
    return () => {
      stopped = true;
      door?.stop();
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    };
  }, [ui]);

  useEffect(() => {
    document.title = t('title');
  }, [t]);

  const verdict = store?.verdict ?? null;
  useEffect(() => {
    if (!verdict || toneOf(verdict.verdict) !== 'green') return;
    const timer = setTimeout(() => store?.dismiss(), ADMITTED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [verdict, store]);

  const close = () => {
    store?.dismiss();
    wedge.current?.focus();
  };
  const status = store?.status ?? 'loading';
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: 1, px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Box>
          <Box component="h1" sx={{ m: 0, fontSize: '1.4rem' }}>
            {t('title')}
          </Box>
          {store?.deviceName ? <Box component="p" sx={{ m: 0 }}>{t('gate', { device: store.deviceName, list: store.listName })}</Box> : null}
        </Box>
        <LanguageSwitch />
      </Box>
      <Box component="main" sx={{ display: 'grid', gap: 3, p: 2, maxWidth: 720, mx: 'auto' }}>
        {status === 'loading' ? <Box component="p" role="status">{t('loading')}</Box> : null}
        {status === 'unpaired' || status === 'revoked' ? (
          <Box component="p" role="alert" sx={{ fontSize: '1.2rem' }}>
            {t(status)}
          </Box>
        ) : null}
        {store && status === 'ready' ? (
          <>
            <DoorStatusBar store={store} />
            <DirectionSwitch
              store={store}
              onPicked={(direction, tapped) => {
                setAnnounced(t(direction === 'out' ? 'direction.now_out' : 'direction.now_in'));
                if (tapped) wedge.current?.focus();
              }}
            />
            <WedgeForm store={store} inputRef={wedge} />
            <CameraPanel store={store} />
            <SearchPanel store={store} />
          </>
        ) : null}
      </Box>
      <Box aria-live="assertive" aria-atomic="true" data-testid="checkin-announcer" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>
        {announced}
      </Box>
      {verdict ? <VerdictScreen key={verdict.id} verdict={verdict} onClose={close} /> : null}
    </Box>
  );
});

export default CheckinPage;
