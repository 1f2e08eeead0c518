import { createContext, useContext } from 'react';
import type { HostConnection } from '../hostClient';

export const HostContext = createContext<HostConnection | undefined>(undefined);

export function useHost(): HostConnection {
  const host = useContext(HostContext);
  if (!host) throw new Error('HostContext missing');
  return host;
}
