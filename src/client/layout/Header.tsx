import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import defaultLogo from '../assets/default-logo.svg';
import { useCurrentStep } from '../hooks/useCurrentStep';
import { useStores } from '../StoreContext';
import { HoldTimer, HoldTimerPlace } from './HoldTimer';
import { LanguageSwitch } from './LanguageSwitch';

/** Event logo and name, the hold countdown on the hold steps, and the language switch. */
export const Header = observer(function Header() {
  const { t } = useTranslation();
  const { event, checkout, actions } = useStores();
  const navigate = useNavigate();
  const step = useCurrentStep();
  const info = event.event;
  const showTimer = step?.showsHoldTimer === true && checkout.expiresTickets !== null;

  const onExpire = () => {
    actions.expireHold();
    if (event.url) navigate(`/${event.url}`, { replace: true });
  };

  return (
    <Box component="header" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 2, sm: 3 }, py: 1.5, display: 'flex', alignItems: 'center', gap: { xs: 1.5, sm: 2 }, flexWrap: 'wrap' }}>
        <Box
          component="img"
          src={info?.image_path || defaultLogo}
          alt={info ? t('header.logoAlt', { name: info.name }) : t('header.defaultLogoAlt')}
          sx={{ width: 48, height: 48, objectFit: 'contain', borderRadius: 1, flexShrink: 0 }}
        />
        <Typography component="p" sx={{ fontWeight: 700, fontSize: { xs: '1rem', sm: '1.15rem' }, flex: '1 1 140px', minWidth: 0 }}>
          {info?.name}
        </Typography>
        {step?.showsHoldTimer ? (
          // Kept on every hold step, with or without the countdown yet: the header does not change size when it arrives.
          <Box sx={{ minWidth: { xs: 76 }, minHeight: 28, display: 'flex', justifyContent: 'flex-end' }}>
            {showTimer ? <HoldTimer expiresAt={checkout.expiresTickets as string} onExpire={onExpire} /> : <HoldTimerPlace />}
          </Box>
        ) : null}
        <LanguageSwitch />
      </Box>
    </Box>
  );
});
