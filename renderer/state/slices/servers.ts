import type { StateCreator } from 'zustand';
import type { ConfigProblem, ServerView } from '../../../shared/host/serverView';
import type { AppState } from '../store';

export interface ServersSlice {
  servers: ServerView[];
  /** config.json cannot be read now: why (the Servers page says so). */
  configProblem: ConfigProblem | null;
  secretsEncrypted: boolean | undefined;
  /** The sign-in page the host opened for a server, kept as a link in case no tab opened. */
  signInPages: Record<string, { url: string; issuer: string }>;
}

export const createServersSlice: StateCreator<AppState, [], [], ServersSlice> = () => ({
  servers: [],
  configProblem: null,
  secretsEncrypted: undefined,
  signInPages: {},
});

/** Servers that need the person: in error, or waiting for the trust prompt. */
export const selectServersNeedingAttention = (s: AppState) =>
  s.servers.filter((v) => v.state.status === 'error' || v.trustRequired).length;
