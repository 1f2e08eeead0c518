import type { ServerRefusal } from '../../../shared/host/serverView';

/** What a refused server's card and log say. */
export const refusalText = (refusal: ServerRefusal): string =>
  `Refused by your organization's policy: ${refusal.reason} (rule: ${refusal.rule})`;
