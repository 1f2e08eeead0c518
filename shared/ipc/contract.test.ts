import { describe, expect, it } from 'vitest';
import { HOST_EVENTS, HOST_METHODS, parseCall } from './contract';

describe('the IPC contract', () => {
  it('accepts exactly the listed methods with well-formed arguments', () => {
    expect(parseCall('listServers', [])).toEqual({ ok: true, method: 'listServers', args: [] });
    expect(parseCall('setServerEnabled', ['github', false])).toMatchObject({ ok: true });
    expect(
      parseCall('answerConsent', [
        '0b0e3c1a-7d3c-4a3e-9a7e-2f1d3c4b5a69',
        { kind: 'tool', decision: 'allow-once' },
      ]),
    ).toMatchObject({ ok: true });
  });

  it.each([
    ['toString', [], /unknown method/],
    ['__proto__', [], /unknown method/],
    ['restartServer', [], /bad arguments/],
    ['restartServer', ['a', 'extra'], /bad arguments/],
    ['setServerEnabled', ['a', 'yes'], /bad arguments at 1/],
    ['setLogLevel', ['a', 'verbose'], /bad arguments at 1/],
    ['answerConsent', ['not-a-uuid', { kind: 'tool', decision: 'deny' }], /bad arguments at 0/],
    [
      'answerConsent',
      ['0b0e3c1a-7d3c-4a3e-9a7e-2f1d3c4b5a69', { kind: 'tool', decision: 'always-everything' }],
      /bad arguments at 1/,
    ],
    ['listServers', 'not an array', /bad arguments/],
    ['runTool', ['not-a-uuid', 'everything_echo', {}], /bad arguments at 0/],
    [
      'saveServer',
      ['a', { kind: 'stdio', command: 'x', args: [], env: {}, shell: true }, null],
      /bad arguments at 1/,
    ],
    [
      'saveServer',
      ['a', { kind: 'remote', url: 'http://x', type: 'ws', headers: {} }, null],
      /bad arguments at 1/,
    ],
    [
      'saveServer',
      [
        'a',
        { kind: 'stdio', command: 'x', args: [], env: { K: { value: 'v', secret: true, keep: true } } },
        null,
      ],
      /bad arguments at 1/,
    ],
    ['complete', ['a', { type: 'ref/tool', name: 'x' }, { name: 'n', value: '' }, {}], /bad arguments at 1/],
  ])('refuses %s(%j)', (method, args, error) => {
    const r = parseCall(method, args);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(error);
  });

  it('has no method that runs a command or reads a secret; the one that takes a key is write-only', () => {
    expect(
      Object.keys(HOST_METHODS).filter((m) => /spawn|exec|command|env|secret(?!Storage)|key/i.test(m)),
    ).toEqual(['setApiKey']);
    expect(HOST_EVENTS).toEqual([
      'serversChanged',
      'logEntries',
      'consentsChanged',
      'consentWithdrawn',
      'catalogChanged',
      'rootsChanged',
      'toolRunProgress',
      'resourceUpdated',
      'elicitationComplete',
      'chat',
      'conversationsChanged',
    ]);
  });
});
