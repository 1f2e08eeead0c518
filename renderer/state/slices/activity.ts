import type { StateCreator } from 'zustand';
import type { ActivityNotice } from '../../../shared/host/activity';
import type { AppState } from '../store';

export interface ActivitySlice {
  /** Grows each time the host says entries were recorded: the Activity page reads its page again. */
  activityVersion: number;
  /** What the host says about the record itself: not written, or broken at start (nothing: all is well). */
  activityNotice: ActivityNotice;
}

export const createActivitySlice: StateCreator<AppState, [], [], ActivitySlice> = () => ({
  activityVersion: 0,
  activityNotice: {},
});
