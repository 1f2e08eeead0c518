import { describe, expect, it } from 'vitest';
import { cleanupsPerTest } from '../../../e2e/fixtures/cleanupsPerTest';
import { errorOf } from '../../../e2e/fixtures/errorOf';
import { hostileStdio } from '../../../e2e/fixtures/servers';
import { ErrorCode, McpClient, type McpError, StdioTransport } from '../index';
import type { ClientMethod } from './clientRequests';
import { checkedResult, toolResultProblem } from './resultShapes';

/**
 * Issue 35: results of the wrong shape were returned as results (only tools/call was checked).
 * Every result is now checked against its method's shape; a wrong one is an InvalidResult naming
 * the method, the server and the first wrong place. Fields the protocol does not define pass.
 */
const cleanups = cleanupsPerTest();

async function connect(era: 'legacy' | 'modern') {
  const transport = new StdioTransport(
    hostileStdio(era === 'modern' ? 'modern-wrong-shapes' : 'wrong-shapes'),
  );
  const client = await McpClient.connect({ transport, serverName: 'shapes', protocol: era });
  cleanups.push(() => client.close());
  return client;
}

const refused = (error: McpError | undefined, method: string, where: string) => {
  expect(error?.code).toBe(ErrorCode.InvalidResult);
  expect(error?.method).toBe(method);
  expect(error?.message).toContain(`The server's ${method} result does not follow the MCP schema: ${where}`);
  expect(error?.message).toContain('server "shapes"');
  expect((error?.data as { result?: unknown } | undefined)?.result).toBeDefined();
};

describe.each(['legacy', 'modern'] as const)('stdio, %s era: results of the wrong shape', (era) => {
  it('resources/read: contents null, a string, an entry without text or blob are refused; extras pass', async () => {
    const client = await connect(era);
    refused(
      await errorOf(client.readResource('x://null')),
      'resources/read',
      'contents must be an array, not null',
    );
    refused(
      await errorOf(client.readResource('x://string')),
      'resources/read',
      'contents must be an array, not a string',
    );
    refused(
      await errorOf(client.readResource('x://no-text')),
      'resources/read',
      'contents[0] has neither a text nor a blob string',
    );
    expect((await client.readResource('x://ok')).contents).toEqual([
      { uri: 'x://ok', text: 'fine', 'x-extra': 1 },
    ]);
  });

  it('prompts/get: messages "x", a role outside user and assistant, a block without its fields', async () => {
    const client = await connect(era);
    refused(
      await errorOf(client.getPrompt('string')),
      'prompts/get',
      'messages must be an array, not a string',
    );
    refused(
      await errorOf(client.getPrompt('role')),
      'prompts/get',
      'messages[0].role must be "user" or "assistant", not a string',
    );
    refused(
      await errorOf(client.getPrompt('content')),
      'prompts/get',
      'messages[0].content (image) has no mimeType',
    );
    expect((await client.getPrompt('ok')).messages).toHaveLength(1);
  });

  it('listings: a tool without inputSchema, a resource without name, a template uriTemplate 42, prompt arguments "none"', async () => {
    const client = await connect(era);
    refused(await errorOf(client.listTools()), 'tools/list', 'tools[1].inputSchema is missing');
    refused(await errorOf(client.listResources()), 'resources/list', 'resources[1].name is missing');
    refused(
      await errorOf(client.listResourceTemplates()),
      'resources/templates/list',
      'resourceTemplates[0].uriTemplate must be a string, not a number',
    );
    refused(
      await errorOf(client.listPrompts()),
      'prompts/list',
      'prompts[0].arguments must be an array, not a string',
    );
  });

  it('completion/complete: values that are not strings', async () => {
    const client = await connect(era);
    const error = await errorOf(
      client.complete({ ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: '' } }),
    );
    refused(error, 'completion/complete', 'completion.values[0] must be a string, not a number');
  });
});

describe('checkedResult', () => {
  const check = (method: ClientMethod, result: unknown) => {
    try {
      checkedResult(method, result, 's');
      return 'ok';
    } catch (error) {
      return (error as McpError).reason.replace(/^.*schema: /, '').replace(/ — a fault.*$/, '');
    }
  };

  it('takes what the schema requires, and unknown fields anywhere', () => {
    const tool = { name: 't', inputSchema: { type: 'object', 'x-any': [1] }, extra: { deep: true } };
    expect(check('tools/list', { tools: [tool], nextCursor: 'c', 'x-vendor': 1 })).toBe('ok');
    expect(check('ping', { 'x-anything': 1 })).toBe('ok');
    expect(check('server/discover', { supportedVersions: ['2026-07-28'], capabilities: {} })).toBe('ok');
    expect(check('tasks/get', { anything: 'goes here: checked in tasks.ts' })).toBe('ok');
  });

  it("compiles every method's shape (ajv in strict mode: a misspelt keyword fails here, not at first use)", () => {
    // Every method: what it may answer with nothing in it passes or names what is missing.
    const methods: { [M in ClientMethod]: true } = {
      initialize: true,
      'tools/call': true,
      'tasks/get': true,
      'tasks/update': true,
      'tasks/cancel': true,
      'skills/list': true,
      ping: true,
      'logging/setLevel': true,
      'resources/subscribe': true,
      'resources/unsubscribe': true,
      'subscriptions/listen': true,
      'server/discover': true,
      'tools/list': true,
      'resources/list': true,
      'resources/templates/list': true,
      'resources/read': true,
      'prompts/list': true,
      'prompts/get': true,
      'completion/complete': true,
    };
    const answers = Object.keys(methods).map((m) => [m, check(m as ClientMethod, {})]);
    expect(Object.fromEntries(answers)).toEqual({
      initialize: 'ok',
      'tools/call': 'ok',
      'tasks/get': 'ok',
      'tasks/update': 'ok',
      'tasks/cancel': 'ok',
      'skills/list': 'ok',
      ping: 'ok',
      'logging/setLevel': 'ok',
      'resources/subscribe': 'ok',
      'resources/unsubscribe': 'ok',
      'subscriptions/listen': 'ok',
      'server/discover': 'supportedVersions is missing',
      'tools/list': 'tools is missing',
      'resources/list': 'resources is missing',
      'resources/templates/list': 'resourceTemplates is missing',
      'resources/read': 'contents is missing',
      'prompts/list': 'prompts is missing',
      'prompts/get': 'messages is missing',
      'completion/complete': 'completion is missing',
    });
  });

  it('says what the whole result is when it is not an object', () => {
    expect(check('ping', null)).toBe('must be an object, not null');
    expect(check('tools/list', [])).toBe('must be an object, not an array');
    expect(check('resources/read', 'text')).toBe('must be an object, not a string');
  });

  it("tells a content block and a resource's contents by their own rules", () => {
    expect(check('prompts/get', { messages: [{ role: 'user', content: { type: 'text' } }] })).toBe(
      'messages[0].content (text) has no text string',
    );
    expect(check('prompts/get', { messages: [{ role: 'user', content: { type: 'x-new', any: 1 } }] })).toBe(
      'ok',
    );
    expect(
      check('resources/read', {
        contents: [
          { uri: 'u', text: 'a' },
          { uri: 'v', blob: 3 },
        ],
      }),
    ).toBe('contents[1] has neither a text nor a blob string');
    expect(check('resources/read', { contents: [{ text: 'a' }] })).toBe('contents[0].uri is missing');
  });

  it('names the first wrong place', () => {
    expect(check('tools/list', { tools: [{ name: 't', inputSchema: { type: 'string' } }] })).toBe(
      'tools[0].inputSchema.type must be "object", not a string',
    );
    expect(
      check('tools/list', {
        tools: [{ name: 't', inputSchema: { type: 'object' }, annotations: { readOnlyHint: 'false' } }],
      }),
    ).toBe('tools[0].annotations.readOnlyHint must be true or false, not a string');
    expect(check('tools/list', { tools: [], nextCursor: 5 })).toBe(
      'nextCursor must be a string, not a number',
    );
    expect(check('resources/list', { resources: [{ uri: 'u', name: 'n', title: {} }] })).toBe(
      'resources[0].title must be a string, not an object',
    );
    expect(check('ping', { _meta: 'x' })).toBe('_meta must be an object, not a string');
    expect(check('server/discover', { supportedVersions: [1], capabilities: {} })).toBe(
      'supportedVersions[0] must be a string, not a number',
    );
  });
});

describe('toolResultProblem (the shape of a tools/call result)', () => {
  it('passes every block type the spec defines, and a later revision’s unknown type', () => {
    expect(
      toolResultProblem({
        content: [
          { type: 'text', text: 'a', annotations: { audience: ['user'] } },
          { type: 'image', data: 'AAAA', mimeType: 'image/png' },
          { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
          { type: 'resource_link', uri: 'file:///a', name: 'a' },
          { type: 'resource', resource: { uri: 'file:///b', text: 'b' } },
          { type: 'resource', resource: { uri: 'file:///c', blob: 'AAAA' } },
          { type: 'hologram', anything: 1 },
        ],
        structuredContent: { a: 1 },
        isError: false,
      }),
    ).toBeUndefined();
  });

  it.each([
    [null, 'must be an object, not null'],
    [{}, 'content is missing'],
    [{ content: 'x' }, 'content must be an array, not a string'],
    [{ content: [1] }, 'content[0] is not an object'],
    [{ content: [{ text: 'x' }] }, 'content[0] has no type'],
    [{ content: [{ type: 'text' }] }, 'content[0] (text) has no text string'],
    [{ content: [{ type: 'image', mimeType: 'image/png' }] }, 'content[0] (image) has no base64 data string'],
    [{ content: [{ type: 'audio', data: 'AA' }] }, 'content[0] (audio) has no mimeType'],
    [{ content: [{ type: 'resource_link', uri: 'a:b' }] }, 'content[0] (resource_link) has no name'],
    [
      { content: [{ type: 'resource', resource: { uri: 'a:b' } }] },
      'content[0] (resource) has neither text nor blob',
    ],
    [
      { content: [{ type: 'text', text: 'x', annotations: 3 }] },
      'content[0] (text) has annotations that are not an object',
    ],
    [{ content: [], structuredContent: [1] }, 'structuredContent must be an object, not an array'],
    [{ content: [], isError: 'yes' }, 'isError must be true or false, not a string'],
    [{ content: [], _meta: 1 }, '_meta must be an object, not a number'],
  ])('%j → %s', (result, problem) => {
    expect(toolResultProblem(result)).toBe(problem);
  });
});
