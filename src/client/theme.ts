import { createTheme } from '@mui/material/styles';

/** One theme for the storefront; colours picked to keep WCAG AA contrast on white. */
export const theme = createTheme({
  palette: {
    primary: { main: '#1f4fbf' },
    success: { main: '#1b7a34' },
    error: { main: '#c62828' },
    background: { default: '#f5f6f8' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.6rem', fontWeight: 700 },
    h2: { fontSize: '1.2rem', fontWeight: 600 },
    h3: { fontSize: '1.05rem', fontWeight: 600 },
  },
  components: {
    // Sentence case reads better and keeps the locale's own capitalisation ('MÁS INFORMACIÓN' is written so).
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
  },
});
