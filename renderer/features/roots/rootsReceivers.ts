import type { ServerView } from '../../../shared/host/serverView';

/**
 * Who receives the folders for every server: the servers that follow that list and run now (a server
 * asks for its folders once running, and is told when they change). The others following it are named
 * apart with why they receive nothing now — a server waiting for trust, refused by the policy, turned
 * off or not running is sent no folders, whatever the list says.
 */
export function rootsReceivers(following: readonly ServerView[]): {
  receiving: string[];
  notNow: { id: string; why: string }[];
} {
  const receiving: string[] = [];
  const notNow: { id: string; why: string }[] = [];
  for (const s of following) {
    const why = notReceivingWhy(s);
    if (why) notNow.push({ id: s.id, why });
    else receiving.push(s.id);
  }
  return { receiving, notNow };
}

/** Why `s` is sent no folders now (whatever its list says), or undefined when it runs and is sent them. */
export function notReceivingWhy(s: ServerView): string | undefined {
  if (s.refused) return 'refused by policy';
  // A new launch waiting for trust while the previous one runs: that one receives them.
  if (s.trustRequired && !s.update) return 'waits for your trust';
  switch (s.state.status) {
    case 'running':
      return undefined;
    case 'disabled':
      return 'turned off';
    case 'starting':
    case 'restarting':
      return 'starting';
    case 'stopped':
    case 'error':
      return 'not running';
  }
}
