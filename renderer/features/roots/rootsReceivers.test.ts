import { expect, it } from 'vitest';
import type { ServerState, ServerView } from '../../../shared/host/serverView';
import { rootsReceivers } from './rootsReceivers';

const server = (id: string, state: ServerState, more: Partial<ServerView> = {}): ServerView => ({
  id,
  kind: 'stdio',
  target: 'npx x',
  wireTrace: false,
  state,
  ...more,
});
const running: ServerState = {
  status: 'running',
  protocolVersion: '2025-11-25',
  serverInfo: { name: 'x', version: '1' },
  capabilities: {},
  since: 0,
};

it('counts only running servers as receiving; the others with why they receive nothing now', () => {
  expect(
    rootsReceivers([
      server('files', running),
      server(
        'new',
        { status: 'stopped' },
        { trustRequired: { command: 'x', args: [], env: [], identity: 'i' } },
      ),
      server('denied', { status: 'stopped' }, { refused: { rule: 'deniedServers[0]', reason: 'no' } }),
      server('off', { status: 'disabled' }),
      server('boot', { status: 'starting', attempt: 1 }),
      server('crashed', { status: 'error', error: { message: 'x', stderrTail: [], at: 0 } }),
    ]),
  ).toEqual({
    receiving: ['files'],
    notNow: [
      { id: 'new', why: 'waits for your trust' },
      { id: 'denied', why: 'refused by policy' },
      { id: 'off', why: 'turned off' },
      { id: 'boot', why: 'starting' },
      { id: 'crashed', why: 'not running' },
    ],
  });
});
