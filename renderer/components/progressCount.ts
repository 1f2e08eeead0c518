import type { Progress } from '../../shared/mcp/protocol';

/** A call's progress as counted: "2 of 6" when the server gives a total, "2" when not. */
export const progressCount = (p: Pick<Progress, 'progress' | 'total'>): string =>
  `${p.progress}${p.total ? ` of ${p.total}` : ''}`;
