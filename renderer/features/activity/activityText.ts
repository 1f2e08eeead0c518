import type { ActivityAsker, ActivityDecision } from '../../../shared/host/activity';

const DECISIONS: Record<ActivityDecision, string> = {
  denied: 'denied',
  once: 'allowed once',
  conversation: 'allowed for the conversation',
  'always-tool': 'always allowed (tool)',
  'always-server': 'always allowed (server)',
  'standing-approval': 'a standing approval',
  'auto-read-only': 'allowed as read-only (policy)',
  'hand-run': 'run by hand',
  'timed-out': 'not answered in time',
  cancelled: 'cancelled before an answer',
  'not-asked': 'never asked',
};

/** How a call was decided, in the person's words. */
export const decisionText = (d: ActivityDecision) => DECISIONS[d];

/** Who asked for a call, in the person's words. */
export function askerText(a: ActivityAsker): string {
  switch (a.kind) {
    case 'model':
      return 'the model';
    case 'view':
      return "a server's View";
    case 'hand-run':
      return 'you (Run)';
    case 'person':
      return 'you';
  }
}

export const DECISION_OPTIONS = Object.entries(DECISIONS) as [ActivityDecision, string][];
