import { describe, expect, it } from 'vitest';
import { ServerNotRunning, serverStateText } from './serverStateText';

const error = { message: 'exited with code 3', stderrTail: [], at: 0 };

describe('serverStateText', () => {
  it('says where a server is and what to do, for every state', () => {
    expect(serverStateText({ status: 'disabled' })).toBe('is turned off (Enable it on the Servers page)');
    expect(serverStateText({ status: 'stopped' })).toBe('is stopped');
    expect(serverStateText({ status: 'stopped', reason: 'configuration changed' })).toBe(
      'is stopped (configuration changed)',
    );
    expect(serverStateText({ status: 'starting', attempt: 1 })).toBe('is starting: try again in a moment');
    expect(serverStateText({ status: 'starting', attempt: 2, lastError: error })).toBe(
      'is starting (try 2): try again in a moment',
    );
    expect(serverStateText({ status: 'restarting', attempt: 2, inMs: 4000, lastError: error })).toBe(
      'is restarting after an error (exited with code 3): try 2 in 4 s',
    );
    expect(serverStateText({ status: 'error', error })).toBe('failed: exited with code 3');
    expect(
      serverStateText({
        status: 'error',
        error: { ...error, message: 'sign in again', signIn: { issuer: 'https://a', scopes: [] } },
      }),
    ).toBe('needs you to sign in (sign in again)');
    expect(serverStateText({ status: 'stopped' }, true)).toBe(
      'waits for you to confirm its command (Trust and start on the Servers page)',
    );
    // A new launch waiting for trust while the previous one runs on: the running one is what answers.
    expect(serverStateText({ status: 'restarting', attempt: 2, inMs: 4000, lastError: error }, true)).toBe(
      'is restarting after an error (exited with code 3): try 2 in 4 s',
    );
  });

  it('is what ServerNotRunning says', () => {
    expect(new ServerNotRunning('files', { status: 'disabled' }).message).toBe(
      'Server "files" is turned off (Enable it on the Servers page)',
    );
    expect(new ServerNotRunning('files').message).toBe('Server "files" is not running');
  });
});
