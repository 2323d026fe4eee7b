import { createContext, useContext } from 'react';
import type { OperatorSelf } from '../../shared/api';
import type { AdminApi } from './adminApi';

/** The console's api and the signed-in operator (undefined before sign-in). */
export interface AdminContextValue {
  api: AdminApi;
  operator: OperatorSelf | undefined;
  setOperator: (operator: OperatorSelf | undefined) => void;
}

export const AdminContext = createContext<AdminContextValue | undefined>(undefined);

export function useAdmin(): AdminContextValue {
  const value = useContext(AdminContext);
  if (!value) throw new Error('useAdmin outside AdminApp');
  return value;
}
