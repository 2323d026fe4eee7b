import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './AppRoutes';
import { StoreProvider } from './StoreContext';
import type { RootStore } from './stores/RootStore';
import { theme } from './theme';

/** Providers around the router: stores, translations and theme (toasts mount on demand, see toasts/). */
export function App({ root, i18n }: { root: RootStore; i18n: i18n }) {
  return (
    <StoreProvider root={root}>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </ThemeProvider>
      </I18nextProvider>
    </StoreProvider>
  );
}
