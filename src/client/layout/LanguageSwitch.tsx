import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../StoreContext';
import type { Language } from '../stores/UiStore';

const LANGUAGES: Language[] = ['es', 'en'];

/** The En/Es switch; hidden for events whose config sets `hide_language_switch`. */
export const LanguageSwitch = observer(function LanguageSwitch() {
  const { t } = useTranslation();
  const { ui, event } = useStores();
  if (event.hideLanguageSwitch) return null;
  return (
    <Box role="group" aria-label={t('language.label')} sx={{ display: 'flex', gap: 0.5 }}>
      {LANGUAGES.map((language) => (
        <Button
          key={language}
          size="small"
          variant={ui.language === language ? 'contained' : 'text'}
          aria-pressed={ui.language === language}
          aria-label={t(`language.${language}`)}
          lang={language}
          onClick={() => ui.setLanguage(language)}
          sx={{ minWidth: 44, minHeight: 36 }}
        >
          {t(`language.${language}Short`)}
        </Button>
      ))}
    </Box>
  );
});
