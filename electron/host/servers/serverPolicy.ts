import type { ServerRefusal } from '../../../shared/host/serverView';

/** What a refused server's card and log say (the reason names the policy itself: not said twice). */
export const refusalText = (refusal: ServerRefusal): string =>
  `Refused: ${refusal.reason} (rule: ${refusal.rule})`;
