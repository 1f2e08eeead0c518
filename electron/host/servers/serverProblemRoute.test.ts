import { describe, expect, it } from 'vitest';
import { ServerProblemRoute } from './serverProblemRoute';

describe('ServerProblemRoute', () => {
  it('hands each problem to what shows them, only while it does', () => {
    const problems = new ServerProblemRoute();
    const shown: string[] = [];
    problems.note('early', 'fault', 'before anything shows it');
    const stop = problems.showWith((server, kind, message) => shown.push(`${server} ${kind}: ${message}`));
    problems.note('files', 'request', 'its sampling request was refused');
    stop();
    problems.note('files', 'fault', 'after shutdown');
    expect(shown).toEqual(['files request: its sampling request was refused']);
  });

  it('a show that throws reaches the one noting (the fault sink catches its own)', () => {
    const problems = new ServerProblemRoute();
    problems.showWith(() => {
      throw new Error('card gone');
    });
    expect(() => problems.note('a', 'fault', 'x')).toThrow('card gone');
  });
});
