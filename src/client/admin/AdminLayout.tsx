import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { LanguageSwitch } from '../layout/LanguageSwitch';
import { ADMIN_ROUTES } from './routes';
import { useAdmin } from './useAdmin';

/** The signed-in console: a nav of the pages the role may open, who is signed in, log out (here or everywhere). */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  const { api, operator, setOperator } = useAdmin();
  if (!operator) return null;
  const allowed = ADMIN_ROUTES.filter((route) => route.label !== null && operator.permissions.includes(route.permission));
  const leave = async (everywhere: boolean) => {
    await (everywhere ? api.logoutEverywhere() : api.logout());
    setOperator(undefined);
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, minHeight: '100vh' }}>
      <Box component="header" sx={{ p: 2, bgcolor: 'grey.100', minWidth: 220 }}>
        <Typography component="p" variant="h6">{t('title')}</Typography>
        <Typography component="p" variant="body2">{t('signedInAs', { email: operator.email, role: t(`roles.${operator.role}`) })}</Typography>
        <Box component="nav" aria-label={t('nav.label')} sx={{ my: 2 }}>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
            {allowed.map((route) => (
              <li key={route.path}>
                <Box component={NavLink} to={`/admin/${route.path}`} sx={{ color: 'primary.dark', '&.active': { fontWeight: 700 } }}>
                  {t(`nav.${route.label}`)}
                </Box>
              </li>
            ))}
          </Box>
        </Box>
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Button variant="outlined" onClick={() => void leave(false)}>{t('logout')}</Button>
          <Button variant="text" onClick={() => void leave(true)}>{t('logoutEverywhere')}</Button>
          <LanguageSwitch />
        </Box>
      </Box>
      <Box component="main" sx={{ flex: 1, p: 3, minWidth: 0 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
