import { describe, expect, it } from 'vitest';
import type { RunningState, ServerError } from '../../../shared/host/serverView';
import { canStart, type Lifecycle, type LifecycleRules, lifecycleStep } from './sessionLifecycle';

const local: LifecycleRules = {
  policy: { baseDelayMs: 1000, maxTries: 2, stableAfterMs: 30_000 },
  remote: false,
  disabled: false,
};
const stopped: Lifecycle = { state: { status: 'stopped' }, tries: 0 };
const crash: ServerError = { message: 'exited (code 1)', stderrTail: [], at: 1 };
const running: RunningState = {
  status: 'running',
  protocolVersion: '2025-11-25',
  serverInfo: { name: 'x', version: '1' },
  capabilities: {},
  since: 1,
};

/** The lifecycle through these events, from `from`. */
function through(from: Lifecycle, rules: LifecycleRules, ...events: Parameters<typeof lifecycleStep>[1][]) {
  return events.reduce((now, event) => lifecycleStep(now, event, rules).next, from);
}

describe('the session lifecycle', () => {
  it('a try counts, says which, and carries why the one before failed', () => {
    const first = lifecycleStep(stopped, { kind: 'try' }, local);
    expect(first.next).toEqual({
      state: { status: 'starting', attempt: 1, since: expect.any(Number) },
      tries: 1,
    });
    expect(first.log).toEqual([['info', 'starting']]);
    const failed = through(first.next, local, { kind: 'failed', error: crash });
    const second = lifecycleStep(failed, { kind: 'try' }, local);
    expect(second.next.state).toEqual({
      status: 'starting',
      attempt: 2,
      lastError: crash,
      since: expect.any(Number),
    });
    expect(second.log).toEqual([['info', 'starting (try 2)']]);
  });

  it('a try under way tells its card what it waits for; the change is dropped once it is over', () => {
    const starting = through(stopped, local, { kind: 'try' });
    const waiting = { request: 'initialize' as const, timeoutMs: 60_000, since: 5 };
    const told = lifecycleStep(starting, { kind: 'starting', change: (s) => ({ ...s, waiting }) }, local);
    expect(told.next.state).toMatchObject({ status: 'starting', attempt: 1, waiting });
    expect(told.log).toEqual([]);
    const over = through(told.next, local, { kind: 'failed', error: crash });
    const late = lifecycleStep(
      over,
      { kind: 'starting', change: (s) => ({ ...s, output: ['late'] }) },
      local,
    );
    expect(late.next).toBe(over);
  });

  it('a failure waits and tries again, doubling, until the local limit; then it stays in error', () => {
    const once = lifecycleStep(
      through(stopped, local, { kind: 'try' }),
      { kind: 'failed', error: crash },
      local,
    );
    expect(once.next.state).toEqual({ status: 'restarting', attempt: 1, inMs: 1000, lastError: crash });
    expect(once.retryInMs).toBe(1000);
    expect(once.log).toEqual([
      ['error', 'exited (code 1)'],
      ['warning', 'restarting in 1000 ms (restart 1 of 2)'],
    ]);
    const twice = lifecycleStep(
      through(once.next, local, { kind: 'try' }),
      { kind: 'failed', error: crash },
      local,
    );
    expect(twice.retryInMs).toBe(2000);
    const thrice = lifecycleStep(
      through(twice.next, local, { kind: 'try' }),
      { kind: 'failed', error: crash },
      local,
    );
    expect(thrice.next.state).toEqual({ status: 'error', error: crash });
    expect(thrice.retryInMs).toBeUndefined();
    expect(thrice.log.at(-1)).toEqual(['error', 'giving up after 2 restarts']);
  });

  it('a remote server is tried again past the local limit; a permanent failure is not tried again at all', () => {
    const remote = { ...local, remote: true };
    const tries = through(
      stopped,
      remote,
      { kind: 'try' },
      { kind: 'try' },
      { kind: 'try' },
      { kind: 'try' },
    );
    expect(lifecycleStep(tries, { kind: 'failed', error: crash }, remote).retryInMs).toBe(1000);
    const permanent = lifecycleStep(tries, { kind: 'failed', error: { ...crash, permanent: true } }, remote);
    expect(permanent.next.state.status).toBe('error');
    expect(permanent.retryInMs).toBeUndefined();
    expect(permanent.log.at(-1)).toEqual([
      'error',
      'not restarting: starting it again would fail the same way',
    ]);
  });

  it('a start by hand and a stable run count afresh; a start also forgets why the last try failed', () => {
    const failing = through(
      stopped,
      local,
      { kind: 'try' },
      { kind: 'failed', error: crash },
      { kind: 'try' },
    );
    expect(through(failing, local, { kind: 'running', state: running }, { kind: 'stable' }).tries).toBe(0);
    expect(through(failing, local, { kind: 'start' })).toEqual({ state: failing.state, tries: 0 });
  });

  it('a stop says why, or that the server is turned off; a lost sign-in is an error kept for the next start', () => {
    expect(through(stopped, local, { kind: 'try' }, { kind: 'stop', reason: 'restart' }).state).toEqual({
      status: 'stopped',
      reason: 'restart',
    });
    expect(through(stopped, { ...local, disabled: true }, { kind: 'stop', reason: 'x' }).state).toEqual({
      status: 'disabled',
    });
    const lost = { ...crash, permanent: true, signIn: { issuer: 'https://id.example', scopes: [] } };
    const step = lifecycleStep(
      through(stopped, local, { kind: 'running', state: running }),
      { kind: 'sign-in-lost', error: lost },
      local,
    );
    expect(step.next).toMatchObject({ state: { status: 'error', error: lost }, lastError: lost });
    expect(step.log).toEqual([['warning', 'exited (code 1)']]);
  });

  it('the card changes only while running, and only when it says something new', () => {
    const up = through(stopped, local, { kind: 'running', state: running });
    const icon = lifecycleStep(up, { kind: 'card', change: (s) => ({ ...s, icon: 'data:,' }) }, local);
    expect(icon.next.state).toEqual({ ...running, icon: 'data:,' });
    expect(lifecycleStep(up, { kind: 'card', change: () => undefined }, local).next).toBe(up);
    expect(lifecycleStep(stopped, { kind: 'card', change: (s) => ({ ...s, icon: 'x' }) }, local).next).toBe(
      stopped,
    );
  });

  it('Start means something unless the server runs, is starting, or is turned off', () => {
    expect(canStart({ status: 'stopped' })).toBe(true);
    expect(canStart({ status: 'restarting', attempt: 1, inMs: 1, lastError: crash })).toBe(true);
    expect(canStart({ status: 'error', error: crash })).toBe(true);
    expect(canStart({ status: 'starting', attempt: 1 })).toBe(false);
    expect(canStart(running)).toBe(false);
    expect(canStart({ status: 'disabled' })).toBe(false);
  });
});
