import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const here = path.dirname(new URL(import.meta.url).pathname);

/** Runs `body` as an ES module in a real Node process (through tsx), with the guard and the library's Emitter at hand. */
function run(body: string) {
  const script = `
    import { keepProcessAlive, followProcessFaults } from ${JSON.stringify(path.join(here, 'processGuard.ts'))};
    import { inServerScope } from ${JSON.stringify(path.join(here, 'serverScope.ts'))};
    import { Emitter } from ${JSON.stringify(path.join(here, '../../mcp/emitter.ts'))};
    ${body}
  `;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('keepProcessAlive (a real process)', () => {
  it('a listener that throws inside the library’s Emitter, and a rejection nobody awaits, are logged; the process goes on', () => {
    const r = run(`
      keepProcessAlive();
      const emitter = new Emitter();
      emitter.event(() => { throw new RangeError('Maximum call stack size exceeded'); });
      emitter.event((v) => console.log('the other listener got', v));
      emitter.fire(1);
      Promise.reject(new Error('nobody awaited this'));
      setTimeout(() => console.log('still here'), 50);
    `);
    expect(r.stdout).toBe('the other listener got 1\nstill here\n');
    expect(r.stderr).toMatch(
      /error: with an exception nobody caught: RangeError: Maximum call stack size exceeded/,
    );
    expect(r.stderr).toMatch(/error: with a promise rejection nobody handled: Error: nobody awaited this/);
    expect(r.code).toBe(0);
  });

  it('a running host hears them instead, with the server whose message was being handled', () => {
    const r = run(`
      keepProcessAlive();
      followProcessFaults((error, during, server) => console.log(server ?? '(no server)', '|', during, '|', error.message));
      inServerScope('files', () => { Promise.reject(new Error('late answer')); });
      inServerScope('files', () => setTimeout(() => { throw new Error('in a timer'); }, 10));
      Promise.reject(new Error('of the host'));
      setTimeout(() => console.log('still here'), 80);
    `);
    expect(r.stdout.split('\n').filter(Boolean).sort()).toEqual([
      '(no server) | with a promise rejection nobody handled | of the host',
      'files | with a promise rejection nobody handled | late answer',
      'files | with an exception nobody caught | in a timer',
      'still here',
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });
});
