import type { StateCreator } from 'zustand';
import type { ConsentRequest, ConsentWithdrawn } from '../../../shared/host/consent';
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

const KIND_TEXT: Record<ConsentWithdrawn['kind'], string> = {
  tool: 'tool call',
  sampling: 'sampling request',
  'sampling-result': "sampling answer's review",
  elicitation: 'question',
};

/** The notice for a dialog that went away unanswered: whose, what, why, and that nothing was sent. */
export const withdrawnText = (w: ConsentWithdrawn): string =>
  `${w.server}: the ${KIND_TEXT[w.kind]} closed before you answered — ${w.why}. Nothing you entered was sent.`;
