import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach } from 'vitest';
import { HostContext } from '../components/HostContext';
import type { HostConnection } from '../hostClient';

afterEach(cleanup);

/** What a component asked of the host, and a host whose answers the test chooses. */
export function recordingHost(answers: Partial<Record<string, (...args: unknown[]) => unknown>> = {}) {
  const calls: { method: string; args: unknown[] }[] = [];
  const host: HostConnection = {
    call: (async (method: string, ...args: unknown[]) => {
      calls.push({ method, args });
      const answer = answers[method];
      return answer ? answer(...args) : undefined;
    }) as HostConnection['call'],
    onEvent: () => () => {},
    onStatus: () => () => {},
  };
  return { host, calls };
}

export function renderWithHost(ui: ReactNode, host = recordingHost().host) {
  return render(<HostContext.Provider value={host}>{ui}</HostContext.Provider>);
}
