import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import type { OperatorSelf } from '../../shared/api';
import { createAdminApi } from './adminApi';
import { addAdminNamespace } from './adminNamespace';
import { AdminLayout } from './AdminLayout';
import { LoginPage } from './LoginPage';
import { ADMIN_ROUTES } from './routes';
import { SetPasswordPage } from './SetPasswordPage';
import { AdminContext } from './useAdmin';

/** The console's home: who is signed in and with which role. */
function AdminHome({ operator }: { operator: OperatorSelf }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <Typography component="h1" variant="h5" gutterBottom>{t('home.title')}</Typography>
      <Typography>{t('signedInAs', { email: operator.email, role: t(`roles.${operator.role}`) })}</Typography>
    </>
  );
}

/**
 * `/admin/*`: the operator console (its own chunk). Asks who is signed in once; without a session it
 * shows the login, except on the set-password page of a one-time link.
 */
export default function AdminApp() {
  const { i18n } = useTranslation();
  addAdminNamespace(i18n);
  const api = useMemo(() => createAdminApi(() => i18n.language), [i18n]);
  const [operator, setOperator] = useState<OperatorSelf>();
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    api
      .whoAmI()
      .then((answer) => 'operator' in answer && setOperator(answer.operator))
      .catch(() => undefined)
      .finally(() => setChecked(true));
  }, [api]);
  const value = useMemo(() => ({ api, operator, setOperator }), [api, operator]);
  if (!checked) return <Box sx={{ p: 4 }}><CircularProgress aria-label="…" /></Box>;
  return (
    <AdminContext.Provider value={value}>
      <Routes>
        <Route path="set-password" element={<SetPasswordPage />} />
        {operator ? (
          <Route element={<AdminLayout />}>
            <Route index element={<AdminHome operator={operator} />} />
            {ADMIN_ROUTES.filter((route) => operator.permissions.includes(route.permission)).map((route) => (
              <Route key={route.path} path={route.path} element={route.element} />
            ))}
            <Route path="*" element={<Navigate to="/admin" replace />} />
          </Route>
        ) : (
          <Route path="*" element={<LoginPage />} />
        )}
      </Routes>
    </AdminContext.Provider>
  );
}
