import { useEffect, useState } from 'react';
import type { StartingState } from '../../../shared/host/serverView';
import { SafeText } from '../../components/SafeText';

const seconds = (ms: number) => Math.max(0, Math.round(ms / 1000));
const WAITS_FOR: Record<NonNullable<StartingState['waiting']>['request'], string> = {
  'server/discover': 'its answer to the protocol probe (server/discover)',
  initialize: 'its answer to initialize',
};

/**
 * A try under way, as it goes: for how long, what it waits for and when it will give up, and what the
 * program has written so far — a server that says nothing is not a bare "Starting" for a minute.
 */
export function StartingProgress({ state, remote }: { state: StartingState; remote: boolean }) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (state.since === undefined) return null;
  const { waiting, output = [] } = state;
  return (
    <section className="starting" aria-label="Starting" aria-live="polite">
      <p className="muted" data-testid="starting-detail">
        Starting for {seconds(now - state.since)} s:{' '}
        {waiting
          ? `waiting for ${WAITS_FOR[waiting.request]} — gives up ${seconds(waiting.timeoutMs - (now - waiting.since))} s from now (after ${seconds(waiting.timeoutMs)} s)`
          : remote
            ? 'connecting'
            : 'starting the program'}
        .
      </p>
      {output.length > 0 && (
        <pre className="stderr" data-testid="starting-output">
          <SafeText text={output.join('\n')} />
        </pre>
      )}
    </section>
  );
}
