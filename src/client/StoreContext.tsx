import { createContext, useContext, type ReactNode } from 'react';
import type { RootStore } from './stores/RootStore';

const StoreContext = createContext<RootStore | null>(null);

/** Makes the RootStore available to every observer below. */
export function StoreProvider({ root, children }: { root: RootStore; children: ReactNode }) {
  return <StoreContext.Provider value={root}>{children}</StoreContext.Provider>;
}

/** The RootStore of the running app. */
export function useStores(): RootStore {
  const root = useContext(StoreContext);
  if (!root) throw new Error('useStores must be used inside <StoreProvider>');
  return root;
}
