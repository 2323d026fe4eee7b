import { lazy, type ComponentType } from 'react';

/**
 * `React.lazy` that retries a failed chunk download once after a short pause
 * (phones on a flaky network); a second failure reaches the route error page.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyWithRetry<T extends ComponentType<any>>(load: () => Promise<{ default: T }>, delayMs = 400) {
  return lazy(() =>
    load().catch(async (error: unknown) => {
      console.warn('Chunk failed to load, retrying once', error);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      return load();
    }),
  );
}
