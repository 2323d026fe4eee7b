import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { TFunction } from 'i18next';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { ShownVerdict } from './DoorStore';
import { toneOf, type VerdictTone } from './feedback';

const COLOURS: Record<VerdictTone, { bg: string; fg: string }> = {
  green: { bg: '#1b5e20', fg: '#ffffff' },
  amber: { bg: '#ffb300', fg: '#111111' },
  red: { bg: '#b71c1c', fg: '#ffffff' },
};

/** The exit a re-entry list let through: "Salida registrada". */
const isExit = (verdict: ShownVerdict) => verdict.verdict === 'ok' && verdict.direction === 'out';

/** The headline: "Adelante", "Salida registrada", "Espera", "No pasa". */
function verdictHeadline(t: TFunction<'checkin'>, verdict: ShownVerdict): string {
  if (isExit(verdict)) return t('verdict.exit');
  const tone = toneOf(verdict.verdict);
  return t(tone === 'green' ? 'verdict.admitted' : tone === 'amber' ? 'verdict.wait' : 'verdict.refused');
}

/** The reason in words: "Ya entró a las 20:41 por Puerta A", "Boleto reembolsado", "No es de esta lista". */
export function verdictReason(t: TFunction<'checkin'>, language: string, verdict: ShownVerdict): string {
  if (isExit(verdict)) return t('verdict.exit_reason');
  switch (verdict.verdict) {
    case 'already_used':
      return verdict.first_entry
        ? t('verdict.already_used_at', { time: new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(verdict.first_entry.at)), gate: verdict.first_entry.device })
        : t('verdict.already_used');
    case 'revoked':
      return t(`verdict.${verdict.revoked_reason ?? 'organiser'}`);
    default:
      return t(`verdict.${verdict.verdict}`);
  }
}

/** The headline and the reason, one sentence, as the live region speaks it. */
export function verdictSentence(t: TFunction<'checkin'>, language: string, verdict: ShownVerdict): string {
  const headline = verdictHeadline(t, verdict);
  const ticket = verdict.ticket;
  const who = ticket ? [ticket.type_name, ticket.seat ? t('verdict.seat', { seat: ticket.seat }) : '', ticket.holder].filter(Boolean).join(', ') : '';
  return [headline, verdictReason(t, language, verdict), who].filter(Boolean).join('. ');
}

/**
 * The verdict over the whole screen: green / amber / red (an exit: green, "Salida registrada"), the reason, the ticket's type, seat and holder.
 * Any tap (or the Next button) closes it; the scanner's input keeps the focus, so the next scan needs no tap.
 */
export const VerdictScreen = observer(function VerdictScreen({ verdict, onClose }: { verdict: ShownVerdict; onClose: () => void }) {
  const { t, i18n } = useTranslation('checkin');
  const tone = toneOf(verdict.verdict);
  const colours = COLOURS[tone];
  const ticket = verdict.ticket;
  return (
    <Box
      component="section"
      aria-labelledby="checkin-verdict-title"
      data-verdict={verdict.verdict}
      data-direction={verdict.direction}
      data-tone={tone}
      onClick={onClose}
      sx={{ position: 'fixed', inset: 0, zIndex: 1300, bgcolor: colours.bg, color: colours.fg, display: 'flex', flexDirection: 'column', justifyContent: 'center', alignItems: 'center', textAlign: 'center', gap: 2, p: 3 }}
    >
      <Box component="h2" id="checkin-verdict-title" sx={{ m: 0, fontSize: { xs: '3rem', sm: '4.5rem' }, fontWeight: 800, lineHeight: 1.1 }}>
        {verdictHeadline(t, verdict)}
      </Box>
      <Box component="p" sx={{ m: 0, fontSize: { xs: '1.6rem', sm: '2.2rem' }, fontWeight: 700 }}>
        {verdictReason(t, i18n.language, verdict)}
      </Box>
      {ticket ? (
        <Box sx={{ fontSize: '1.4rem' }}>
          {ticket.holder ? <Box component="p" sx={{ m: 0, fontWeight: 700 }}>{ticket.holder}</Box> : null}
          <Box component="p" sx={{ m: 0 }}>{[ticket.type_name, ticket.seat ? t('verdict.seat', { seat: ticket.seat }) : ''].filter(Boolean).join(' · ')}</Box>
          {ticket.folio ? <Box component="p" sx={{ m: 0 }}>{t('verdict.folio', { folio: ticket.folio })}</Box> : null}
        </Box>
      ) : null}
      <Button
        variant="outlined"
        onClick={onClose}
        sx={{ mt: 2, minWidth: 220, minHeight: 64, fontSize: '1.4rem', color: colours.fg, borderColor: colours.fg, borderWidth: 2, '&:hover': { borderWidth: 2, borderColor: colours.fg } }}
      >
        {t('verdict.next')}
      </Button>
    </Box>
  );
});
