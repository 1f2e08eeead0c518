import type { StateCreator } from 'zustand';
import type { ConsentRequest } from '../../../shared/host/consent';
import type { AppState } from '../store';

export interface ConsentsSlice {
  consents: ConsentRequest[];
  /** The consent the person chose from the queue; else the oldest is shown. */
  focusedConsent: string | undefined;
  focusConsent(id: string | undefined): void;
}

export const createConsentsSlice: StateCreator<AppState, [], [], ConsentsSlice> = (set) => ({
  consents: [],
  focusedConsent: undefined,
  focusConsent: (id) => set({ focusedConsent: id }),
});

/** The one dialog on screen: the chosen consent while it is pending, else the oldest. */
export const selectActiveConsent = (s: AppState): ConsentRequest | undefined =>
  s.consents.find((c) => c.id === s.focusedConsent) ?? s.consents[0];
