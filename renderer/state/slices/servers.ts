import type { StateCreator } from 'zustand';
import type { ServerView } from '../../../shared/host/serverView';
import type { AppState } from '../store';

export interface ServersSlice {
  servers: ServerView[];
  secretsEncrypted: boolean | undefined;
}

export const createServersSlice: StateCreator<AppState, [], [], ServersSlice> = () => ({
  servers: [],
  secretsEncrypted: undefined,
});

/** Servers that need the person: in error, or waiting for the trust prompt. */
export const selectServersNeedingAttention = (s: AppState) =>
  s.servers.filter((v) => v.state.status === 'error' || v.trustRequired).length;
