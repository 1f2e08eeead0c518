import type { StateCreator } from 'zustand';
import type { AppState } from '../store';

export interface ActivitySlice {
  /** Grows each time the host says entries were recorded: the Activity page reads its page again. */
  activityVersion: number;
}

export const createActivitySlice: StateCreator<AppState, [], [], ActivitySlice> = () => ({
  activityVersion: 0,
});
