import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScanDirection } from '../../shared/api';
import type { DoorStore } from './DoorStore';

const fieldSx = { width: '100%', font: 'inherit', fontSize: '1.3rem', p: 1.5, border: 2, borderColor: 'grey.700', borderRadius: 1, mt: 0.5, minHeight: 56 } as const;
const bigButton = { minHeight: 56, fontSize: '1.15rem', px: 3 } as const;

const DIRECTION_COLOURS: Record<ScanDirection, { bg: string; fg: string }> = {
  in: { bg: '#1b5e20', fg: '#ffffff' },
  out: { bg: '#ffb300', fg: '#111111' },
};

/**
 * The in/out switch, on a re-entry list only: two large toggle buttons (`aria-pressed`) that say which way the
 * next scans go. `onPicked` hears each change (the page announces it and, after a tap, gives the code field
 * its focus back, so a hardware scanner's Enter never lands on the switch).
 */
export const DirectionSwitch = observer(function DirectionSwitch({ store, onPicked }: { store: DoorStore; onPicked: (direction: ScanDirection, tapped: boolean) => void }) {
  const { t } = useTranslation('checkin');
  if (!store.reentry) return null;
  return (
    <Box role="group" aria-label={t('direction.label')} sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
      {(['in', 'out'] as const).map((direction) => {
        const on = store.direction === direction;
        const colours = DIRECTION_COLOURS[direction];
        return (
          <Button
            key={direction}
            variant="outlined"
            aria-pressed={on}
            onClick={(event) => {
              store.setDirection(direction);
              // A keyboard press reports no clicks (detail 0): the focus stays on the switch for the next key.
              onPicked(direction, event.detail > 0);
            }}
            sx={{
              minHeight: 72, fontSize: '1.5rem', fontWeight: 800, borderWidth: 3, borderColor: colours.bg,
              ...(on ? { bgcolor: colours.bg, color: colours.fg, '&:hover': { bgcolor: colours.bg, borderWidth: 3 } } : { color: '#111111', '&:hover': { borderWidth: 3 } }),
            }}
          >
            {t(`direction.${direction}`)}
          </Button>
        );
      })}
    </Box>
  );
});

/**
 * The keyboard-wedge input: a hardware scanner types the code and presses Enter; a steward can type a code
 * or a folio the same way. It keeps the focus so scan after scan needs no tap.
 */
export function WedgeForm({ store, inputRef }: { store: DoorStore; inputRef: RefObject<HTMLInputElement | null> }) {
  const { t } = useTranslation('checkin');
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = code;
    setCode('');
    void store.scan(text);
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 1 }}>
      <label htmlFor="checkin-code">{t('wedge.label')}</label>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'stretch' }}>
        <Box
          component="input"
          id="checkin-code"
          ref={inputRef}
          value={code}
          onChange={(e: React.ChangeEvent<HTMLInputElement>) => setCode(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="go"
          aria-describedby="checkin-code-hint"
          sx={{ ...fieldSx, mt: 0, flex: 1, minWidth: 0 }}
        />
        <Button type="submit" variant="contained" sx={bigButton}>
          {t('wedge.submit')}
        </Button>
      </Box>
      <Box component="p" id="checkin-code-hint" sx={{ m: 0, color: 'text.secondary' }}>
        {t('wedge.hint')}
      </Box>
    </Box>
  );
}

/** The camera: QR codes read by the platform's BarcodeDetector or the zxing ponyfill (its chunk loads on the first tap). */
export function CameraPanel({ store }: { store: DoorStore }) {
  const { t } = useTranslation('checkin');
  const video = useRef<HTMLVideoElement>(null);
  const stopRef = useRef<(() => void) | null>(null);
  const [on, setOn] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => () => stopRef.current?.(), []);
  const toggle = async () => {
    if (stopRef.current) {
      stopRef.current();
      stopRef.current = null;
      setOn(false);
      return;
    }
    setFailed(false);
    setOn(true);
    try {
      const { startCamera } = await import('./cameraScanner');
      stopRef.current = await startCamera(video.current!, (code) => void store.scan(code));
    } catch (error) {
      console.warn('Camera unavailable', error);
      setOn(false);
      setFailed(true);
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Button variant={on ? 'outlined' : 'contained'} onClick={() => void toggle()} sx={bigButton}>
        {t(on ? 'camera.stop' : 'camera.start')}
      </Button>
      {failed ? <Box component="p" role="alert" sx={{ m: 0, color: 'error.dark' }}>{t('camera.unavailable')}</Box> : null}
      <Box component="video" ref={video} muted playsInline aria-label={t('camera.label')} sx={{ display: on ? 'block' : 'none', width: '100%', maxHeight: '50vh', bgcolor: 'common.black', borderRadius: 1 }} />
    </Box>
  );
}

/** Search by folio or holder name (online: the server; offline: the synced list); each result can be checked by its folio. */
export const SearchPanel = observer(function SearchPanel({ store }: { store: DoorStore }) {
  const { t } = useTranslation('checkin');
  const [query, setQuery] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void store.search(query);
  };
  const results = store.searchResults;
  return (
    <Box component="section" aria-labelledby="checkin-search-heading" sx={{ display: 'grid', gap: 1 }}>
      <Box component="h2" id="checkin-search-heading" sx={{ m: 0, fontSize: '1.2rem' }}>
        {t('search.heading')}
      </Box>
      <Box component="form" role="search" onSubmit={submit} sx={{ display: 'flex', gap: 1, alignItems: 'flex-end' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <label htmlFor="checkin-search">{t('search.label')}</label>
          <Box component="input" id="checkin-search" type="search" value={query} onChange={(e: React.ChangeEvent<HTMLInputElement>) => setQuery(e.target.value)} autoComplete="off" sx={fieldSx} />
        </Box>
        <Button type="submit" variant="outlined" sx={bigButton}>
          {t('search.submit')}
        </Button>
      </Box>
      {results && results.length === 0 ? <Box component="p" role="status" sx={{ m: 0 }}>{t('search.none')}</Box> : null}
      {results && results.length > 0 ? (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {results.map((ticket) => (
            <Box component="li" key={ticket.id} sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'space-between', border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
              <span>
                <strong>{ticket.holder}</strong> · {ticket.type_name}
                {ticket.seat ? ` · ${t('verdict.seat', { seat: ticket.seat })}` : ''} · {t('verdict.folio', { folio: ticket.folio })}
              </span>
              <Button variant="contained" aria-label={`${t('search.admit')} ${t('verdict.folio', { folio: ticket.folio })}`} onClick={() => void store.scan(ticket.folio)} sx={bigButton}>
                {t('search.admit')}
              </Button>
            </Box>
          ))}
        </Box>
      ) : null}
    </Box>
  );
});
