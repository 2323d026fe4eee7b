import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { PaymentHandover } from './PaymentActions';

/** The browser's way of handing a started payment over: router navigation, or a full page load of the provider's page. */
export function useBrowserHandover(): PaymentHandover {
  const navigate = useNavigate();
  return useMemo(
    () => ({
      navigate: (path) => void navigate(path),
      assign: (url) => window.location.assign(url),
      wait: (ms) => new Promise<void>((resolve) => window.setTimeout(resolve, ms)),
    }),
    [navigate],
  );
}
