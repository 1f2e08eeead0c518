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

  // The same fields, limits and messages as the config file (electron/host/config/serverConfig.ts).
  const stdio = { kind: 'stdio', command: 'npx', args: ['server'], env: { A: { value: 'b' } } };
  const remote = { kind: 'remote', url: 'https://mcp.example.com/mcp', type: 'auto', headers: {} };
  it.each([
    [{ ...stdio, command: '  ' }, 'at 1.command: must be a non-empty string'],
    [{ ...stdio, cwd: '' }, 'at 1.cwd: must name a directory (leave it out for the home folder)'],
    [{ ...stdio, args: ['a', 3] }, 'at 1.args.1: must be a string'],
    [
      { ...stdio, requestTimeoutMs: 1.5 },
      'at 1.requestTimeoutMs: must be a positive whole number of milliseconds',
    ],
    [
      { ...stdio, maxTotalTimeoutMs: 86_400_001 },
      'at 1.maxTotalTimeoutMs: must be at most 86400000 milliseconds (a day)',
    ],
    [{ ...stdio, disabled: 'yes' }, 'at 1.disabled: must be true or false'],
    [{ ...remote, url: 'ftp://files.example.com' }, 'at 1.url: must be an http:// or https:// URL'],
    [{ ...remote, url: 'not a url' }, 'at 1.url: must be a URL'],
    [{ ...remote, type: 'ws' }, 'at 1.type: must be "http", "sse" or "auto"'],
  ])('refuses the draft %j, saying why', (draft, error) => {
    expect(parseCall('saveServer', ['a', draft, null])).toEqual({
      ok: false,
      error: `saveServer: bad arguments ${error}`,
    });
  });

  it('accepts drafts at their limits', () => {
    for (const draft of [
      { ...stdio, cwd: '/tmp', disabled: true, requestTimeoutMs: 86_400_000, args: Array(1000).fill('a') },
      { ...remote, type: 'sse', headers: { Authorization: { secret: true, keep: true } } },
    ])
      expect(parseCall('saveServer', ['a', draft, 'b'])).toEqual({
        ok: true,
        method: 'saveServer',
        args: ['a', draft, 'b'],
      });
  });

  it('has no method that runs a command or reads a secret; the one that takes a key is write-only', () => {
    expect(
      Object.keys(HOST_METHODS).filter((m) => /spawn|exec|command|env|secret(?!Storage)|key/i.test(m)),
    ).toEqual(['setApiKey']);
    expect(HOST_EVENTS).toEqual([
      'serversChanged',
      'configProblem',
      'logEntries',
      'logsDropped',
      'consentsChanged',
      'consentWithdrawn',
      'catalogChanged',
      'rootsChanged',
      'toolRunProgress',
      'resourceUpdated',
      'elicitationComplete',
      // The authorization page (its URL holds a state and a code challenge, never a token).
      'openSignIn',
      'chat',
      'conversationsChanged',
      // An install link the system opened: the page previews it, nothing more.
      'installLinkOpened',
      // Entries recorded: the Activity page reads its page again (no entry rides the event).
      'activityChanged',
      'activityNotice',
    ]);
  });

  describe('consent answers carry real MCP shapes, not "some object"', () => {
    const id = '0b0e3c1a-7d3c-4a3e-9a7e-2f1d3c4b5a69';
    const message = { role: 'user', content: { type: 'text', text: 'Summarise this' } };
    const answer = (a: unknown) => parseCall('answerConsent', [id, a]);

    it('an approved, edited request and result, and an elicitation answer, pass as sent', () => {
      const params = { messages: [message], maxTokens: 100, systemPrompt: 'Be brief' };
      expect(answer({ kind: 'sampling', approve: true, params, model: 'claude-x' })).toEqual({
        ok: true,
        method: 'answerConsent',
        args: [id, { kind: 'sampling', approve: true, params, model: 'claude-x' }],
      });
      const result = {
        role: 'assistant',
        content: { type: 'text', text: 'Short.' },
        model: 'm',
        stopReason: 'endTurn',
      };
      expect(answer({ kind: 'sampling-result', approve: true, result })).toMatchObject({ ok: true });
      expect(
        answer({ kind: 'elicitation', result: { action: 'accept', content: { n: 3, tags: ['a'] } } }),
      ).toMatchObject({ ok: true });
    });

    it.each([
      [
        'a role that is not user or assistant',
        {
          kind: 'sampling',
          approve: true,
          params: { messages: [{ ...message, role: 'system' }], maxTokens: 10 },
        },
      ],
      [
        'content that is not a block',
        {
          kind: 'sampling',
          approve: true,
          params: { messages: [{ role: 'user', content: 'plain' }], maxTokens: 10 },
        },
      ],
      ['no maxTokens', { kind: 'sampling', approve: true, params: { messages: [message] } }],
      ['no messages', { kind: 'sampling', approve: true, params: { messages: [], maxTokens: 10 } }],
      [
        'an oversize text',
        {
          kind: 'sampling',
          approve: true,
          params: {
            messages: [{ role: 'user', content: { type: 'text', text: 'x'.repeat(1_000_001) } }],
            maxTokens: 10,
          },
        },
      ],
      [
        'a result without its model',
        {
          kind: 'sampling-result',
          approve: true,
          result: { role: 'assistant', content: { type: 'text', text: 'x' } },
        },
      ],
      [
        'a result of an unknown block',
        {
          kind: 'sampling-result',
          approve: true,
          result: { role: 'assistant', model: 'm', content: { type: 'html', html: '<b>' } },
        },
      ],
      [
        'an elicitation answer with an object value',
        { kind: 'elicitation', result: { action: 'accept', content: { n: { deep: 1 } } } },
      ],
      ['approve that is not a boolean', { kind: 'sampling', approve: 'yes' }],
    ])('refuses %s', (_what, a) => {
      const r = answer(a);
      expect(r).toMatchObject({
        ok: false,
        error: expect.stringMatching(/^answerConsent: bad arguments at 1/),
      });
    });

    it('names the field that is wrong in the one answer kind the value has the shape of', () => {
      expect(
        answer({ kind: 'sampling', approve: true, params: { messages: [message], maxTokens: -1 } }),
      ).toMatchObject({ ok: false, error: expect.stringMatching(/at 1\.params\.maxTokens: /) });
      expect(answer({ kind: 'elicitation', result: { action: 'maybe' } })).toMatchObject({
        ok: false,
        error: expect.stringMatching(/at 1\.result\.action: /),
      });
      // Of no kind at all: nothing nearer to name than the answer.
      expect(answer({ kind: 'vote' })).toMatchObject({
        ok: false,
        error: expect.stringMatching(/at 1: Invalid input/),
      });
    });
  });
});
