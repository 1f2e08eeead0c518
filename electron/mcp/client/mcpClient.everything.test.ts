import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  everythingStdio,
  processAlive,
  type RunningHttpServer,
  startEverythingHttp,
} from '../../../e2e/fixtures/servers';
import type {
  CreateMessageParams,
  ElicitFormParams,
  ElicitResult,
  ElicitUrlParams,
  LoggingMessageParams,
  Root,
} from '../../../shared/mcp/protocol';
import { LOGGING_LEVELS } from '../../../shared/mcp/protocol';
import {
  type ClientHandlers,
  createHttpTransport,
  ErrorCode,
  McpClient,
  type McpClientOptions,
  McpError,
  StdioTransport,
  type Transport,
} from '../index';

const open: McpClient[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

const textOf = (r: { content: { type: string; text?: string }[] }) =>
  r.content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('\n');

// The same feature coverage over each transport server-everything speaks.
const KINDS = [
  { name: 'stdio', mode: undefined, engine: undefined },
  { name: 'Streamable HTTP', mode: 'streamableHttp', engine: undefined },
  // The same transport through fetch (undici) instead of node:http, as the HTTP bench compares them.
  { name: 'Streamable HTTP over fetch', mode: 'streamableHttp', engine: 'fetch' },
  { name: 'legacy HTTP+SSE', mode: 'sse', engine: undefined },
] as const;

describe.each(KINDS)('McpClient against server-everything ($name)', ({ mode, engine }) => {
  let http: RunningHttpServer | undefined;
  beforeAll(async () => {
    if (mode) http = await startEverythingHttp(mode);
  });
  afterAll(async () => {
    await http?.stop();
  });

  const newTransport = (): Transport =>
    http
      ? createHttpTransport({ url: http.url, ...(engine ? { engine } : {}) }, 'auto')
      : new StdioTransport(everythingStdio());

  async function connect(handlers: ClientHandlers = {}, extra: Partial<McpClientOptions> = {}) {
    const transport = newTransport();
    const client = await McpClient.connect({ transport, serverName: 'everything', handlers, ...extra });
    open.push(client);
    return { client, transport };
  }

  it('initialises with the latest revision and keeps serverInfo, capabilities and instructions', async () => {
    const { client } = await connect();
    expect(client.protocolVersion).toBe('2025-11-25');
    expect(client.serverInfo.name).toBe('mcp-servers/everything');
    expect(client.serverInfo.title).toBe('Everything Reference Server');
    expect(client.serverInfo.version).toMatch(/\d/);
    expect(client.serverCapabilities.tools).toBeDefined();
    expect(client.serverCapabilities.logging).toBeDefined();
    expect(client.instructions).toMatch(/Everything Server/);
  });

  it('calls made together before the first listing share one tools/list', async () => {
    const { client } = await connect();
    const sent: string[] = [];
    client.onWireTrace((trace) => {
      const method = (trace.message as { method?: unknown }).method;
      if (trace.direction === 'send' && typeof method === 'string') sent.push(method);
    });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => client.callTool('echo', { message: `m${i}` })),
    );
    expect(results.map(textOf)).toEqual(Array.from({ length: 12 }, (_, i) => `Echo: m${i}`));
    expect(sent.filter((m) => m === 'tools/call')).toHaveLength(12);
    expect(sent.filter((m) => m === 'tools/list')).toHaveLength(1);
    // Listed: the next call reads the kept definitions.
    await client.callTool('echo', { message: 'again' });
    expect(sent.filter((m) => m === 'tools/list')).toHaveLength(1);
  });

  it('negotiates each older revision it asks for', async () => {
    for (const version of ['2025-06-18', '2025-03-26', '2024-11-05']) {
      const { client } = await connect({}, { protocolVersion: version });
      expect(client.protocolVersion).toBe(version);
      expect((await client.callTool('echo', { message: version })).content[0]).toEqual({
        type: 'text',
        text: `Echo: ${version}`,
      });
      await client.close();
    }
  });

  it('calls every always-on tool and gets each content kind', async () => {
    const { client } = await connect();
    const names = (await client.listTools()).map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'echo',
        'get-sum',
        'get-tiny-image',
        'get-resource-links',
        'get-resource-reference',
      ]),
    );
    expect(names).not.toContain('trigger-sampling-request'); // we declared no sampling capability

    expect(textOf(await client.callTool('echo', { message: 'héllo' }))).toBe('Echo: héllo');
    expect(textOf(await client.callTool('get-sum', { a: 2, b: 40 }))).toMatch(/42/);

    const image = await client.callTool('get-tiny-image');
    const img = image.content.find((c) => c.type === 'image');
    expect(img).toMatchObject({ type: 'image', mimeType: 'image/png' });
    expect(
      Buffer.from((img as { data: string }).data, 'base64')
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');

    const links = await client.callTool('get-resource-links', { count: 3 });
    expect(links.content.filter((c) => c.type === 'resource_link')).toHaveLength(3);

    const ref = await client.callTool('get-resource-reference', { resourceType: 'Text', resourceId: 2 });
    const embedded = ref.content.find((c) => c.type === 'resource');
    expect(embedded).toMatchObject({ type: 'resource', resource: { uri: 'demo://resource/dynamic/text/2' } });

    const annotated = await client.callTool('get-annotated-message', {
      messageType: 'error',
      includeImage: true,
    });
    expect(annotated.content[0]).toMatchObject({ annotations: { priority: 1 } });

    const env = JSON.parse(textOf(await client.callTool('get-env'))) as Record<string, string>;
    expect(env.PATH).toBeDefined();

    const bad = await client.callTool('get-sum', { a: 'not a number' });
    expect(bad.isError).toBe(true);

    const zip = await client.callTool('gzip-file-as-resource', {
      name: 'hello.txt.gz',
      data: `data:text/plain;base64,${Buffer.from('hello').toString('base64')}`,
    });
    expect(zip.content.some((c) => c.type === 'resource_link')).toBe(true);
  });

  it('validates structuredContent against the outputSchema', async () => {
    const { client } = await connect();
    const r = await client.callTool('get-structured-content', { location: 'Chicago' });
    expect(r.structuredContent).toMatchObject({
      temperature: expect.any(Number),
      conditions: expect.any(String),
    });
  });

  it('reports progress for a long-running operation, and resets the timer on progress', async () => {
    const { client } = await connect();
    const seen: number[] = [];
    const r = await client.callTool(
      'trigger-long-running-operation',
      { duration: 3, steps: 4 },
      // 2 s without progress would time out; progress every 750 ms keeps a 3 s call alive (the gaps
      // leave a loaded machine room: 300 ms steps against a 500 ms timeout did not).
      { timeoutMs: 2000, resetTimeoutOnProgress: true, onProgress: (p) => seen.push(p.progress) },
    );
    expect(textOf(r)).toMatch(/completed/);
    expect(seen).toEqual([1, 2, 3, 4]);
  });

  it('enforces the hard maximum even while progress keeps arriving', async () => {
    const { client } = await connect();
    const err = await client
      .callTool(
        'trigger-long-running-operation',
        { duration: 3, steps: 10 },
        { timeoutMs: 1000, maxTotalTimeoutMs: 700, resetTimeoutOnProgress: true, onProgress: () => {} },
      )
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(McpError);
    expect((err as McpError).code).toBe(ErrorCode.RequestTimeout);
    expect((err as McpError).message).toMatch(/maximum total time/);
    // The connection stays usable after a timeout.
    expect(textOf(await client.callTool('echo', { message: 'still here' }))).toBe('Echo: still here');
  });

  it('cancels a long-running operation midway; no progress arrives after it', async () => {
    const { client } = await connect();
    const controller = new AbortController();
    const progress: number[] = [];
    const call = client.callTool(
      'trigger-long-running-operation',
      { duration: 2, steps: 10 },
      {
        signal: controller.signal,
        onProgress: (p) => {
          progress.push(p.progress);
          if (p.progress === 2) controller.abort('person pressed stop');
        },
      },
    );
    const err = (await call.catch((e: unknown) => e)) as McpError;
    expect(err.code).toBe(ErrorCode.RequestCancelled);
    expect(err.message).toMatch(/person pressed stop/);
    await new Promise((r) => setTimeout(r, 300));
    // No more progress is delivered for the cancelled call.
    expect(progress.at(-1)).toBe(2);
    expect(textOf(await client.callTool('echo', { message: 'ok' }))).toBe('Echo: ok');
  });

  it('lists and reads resources (text and blob) and templates across pages', async () => {
    const { client } = await connect();
    const resources = await client.listResources();
    expect(resources.length).toBeGreaterThan(0);
    const doc = resources.find((r) => r.uri.startsWith('demo://resource/static/document/'));
    expect(doc).toBeDefined();
    const read = await client.readResource(doc!.uri);
    expect(read.contents[0]).toMatchObject({ uri: doc!.uri, text: expect.any(String) });

    const templates = await client.listResourceTemplates();
    expect(templates.map((t) => t.uriTemplate)).toEqual(
      expect.arrayContaining([
        'demo://resource/dynamic/text/{resourceId}',
        'demo://resource/dynamic/blob/{resourceId}',
      ]),
    );
    const text = await client.readResource('demo://resource/dynamic/text/7');
    expect(text.contents[0]).toMatchObject({ text: expect.stringContaining('7') });
    const blob = await client.readResource('demo://resource/dynamic/blob/7');
    expect(blob.contents[0]).toMatchObject({ blob: expect.any(String) });
    expect(Buffer.from((blob.contents[0] as { blob: string }).blob, 'base64').length).toBeGreaterThan(0);
  });

  it('subscribes to a resource and receives notifications/resources/updated, then unsubscribes', async () => {
    const { client } = await connect();
    const uri = 'demo://resource/dynamic/text/1';
    const updated = new Promise<string>((resolve) => client.onResourceUpdated((u) => resolve(u.uri)));
    await client.subscribeResource(uri);
    await client.callTool('toggle-subscriber-updates');
    expect(await updated).toBe(uri);
    await client.unsubscribeResource(uri);
    await client.callTool('toggle-subscriber-updates');
  }, 20_000);

  it('gets every prompt, with embedded resources, and completes arguments with context', async () => {
    const { client } = await connect();
    const prompts = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(
      expect.arrayContaining(['simple-prompt', 'args-prompt', 'completable-prompt', 'resource-prompt']),
    );
    expect((await client.getPrompt('simple-prompt')).messages[0]?.role).toBe('user');
    const args = await client.getPrompt('args-prompt', { city: 'Lyon', state: 'Rhône' });
    expect(JSON.stringify(args.messages)).toMatch(/Lyon/);
    const res = await client.getPrompt('resource-prompt', { resourceType: 'Text', resourceId: '3' });
    expect(res.messages.some((m) => m.content.type === 'resource')).toBe(true);

    const dept = await client.complete({
      ref: { type: 'ref/prompt', name: 'completable-prompt' },
      argument: { name: 'department', value: 'S' },
    });
    expect(dept.completion.values).toEqual(['Sales', 'Support']);
    const names = await client.complete({
      ref: { type: 'ref/prompt', name: 'completable-prompt' },
      argument: { name: 'name', value: '' },
      context: { arguments: { department: 'Engineering' } },
    });
    expect(names.completion.values).toEqual(['Alice', 'Bob', 'Charlie']);
    const tmpl = await client.complete({
      ref: { type: 'ref/resource', uri: 'demo://resource/dynamic/text/{resourceId}' },
      argument: { name: 'resourceId', value: '5' },
    });
    expect(tmpl.completion.values).toEqual(['5']);
  });

  it('sets every logging level and receives notifications/message', async () => {
    const { client } = await connect();
    for (const level of LOGGING_LEVELS) await client.setLoggingLevel(level);
    await client.setLoggingLevel('debug');
    const message = new Promise<LoggingMessageParams>((resolve) => client.onLogMessage(resolve));
    await client.callTool('toggle-simulated-logging');
    const m = await message;
    expect(LOGGING_LEVELS).toContain(m.level);
    expect(String(m.data)).toMatch(/message/);
    await client.callTool('toggle-simulated-logging');
    // A level the spec does not know is the server's to refuse; we pass its error through.
    const err = (await client.setLoggingLevel('loud' as 'debug').catch((e: unknown) => e)) as McpError;
    expect(err).toBeInstanceOf(McpError);
    expect([ErrorCode.InvalidParams, ErrorCode.InternalError]).toContain(err.code);
  });

  it('answers sampling requests through the injected handler', async () => {
    const requests: CreateMessageParams[] = [];
    const { client } = await connect({
      sampling: {
        createMessage: async (params, ctx) => {
          requests.push(params);
          expect(ctx.server).toBe('everything');
          return { role: 'assistant', content: { type: 'text', text: 'sampled reply' }, model: 'test-model' };
        },
      },
    });
    const r = await client.callTool('trigger-sampling-request', { prompt: 'Say hi', maxTokens: 50 });
    expect(textOf(r)).toMatch(/sampled reply/);
    expect(requests[0]?.maxTokens).toBe(50);
    expect(requests[0]?.systemPrompt).toBe('You are a helpful test server.');
  });

  it('a rejected sampling request reaches the server as a user rejection', async () => {
    const { client } = await connect({
      sampling: {
        createMessage: async () => {
          throw new McpError(ErrorCode.UserRejected, 'User rejected sampling request');
        },
      },
    });
    const r = await client.callTool('trigger-sampling-request', { prompt: 'x' });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/User rejected/);
  });

  it('answers form elicitation (accept and decline), validating the answer against the schema', async () => {
    let answer: 'accept' | 'decline' | 'bad' = 'accept';
    const seen: ElicitFormParams[] = [];
    const { client } = await connect({
      elicitation: {
        form: async (params): Promise<ElicitResult> => {
          seen.push(params);
          if (answer === 'decline') return { action: 'decline' };
          if (answer === 'bad') return { action: 'accept', content: { name: 'Ada', integer: 1000 } };
          return {
            action: 'accept',
            content: { name: 'Ada Lovelace', check: true, email: 'ada@example.com', integer: 7 },
          };
        },
      },
    });
    const accepted = await client.callTool('trigger-elicitation-request');
    expect(textOf(accepted)).toMatch(/Name: Ada Lovelace/);
    expect(seen[0]?.requestedSchema.required).toEqual(['name']);

    answer = 'decline';
    expect(textOf(await client.callTool('trigger-elicitation-request'))).toMatch(/declined/);

    answer = 'bad'; // integer above its maximum: never sent to the server as an accept
    const bad = await client.callTool('trigger-elicitation-request');
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toMatch(/does not match the requested schema/);
  });

  it("a call's clock stands still while the server waits on the person, and runs again after the answer", async () => {
    // The person takes far longer than the call's timeout to answer the server's question.
    const { client } = await connect({
      elicitation: {
        form: async (): Promise<ElicitResult> => {
          await new Promise((r) => setTimeout(r, 3000));
          return { action: 'accept', content: { name: 'Ada Lovelace', check: true, integer: 7 } };
        },
      },
    });
    // 1.2 s for the call's own legs (sent → asked, answered → result): room for a loaded machine.
    const answered = await client.callTool('trigger-elicitation-request', {}, { timeoutMs: 1200 });
    expect(textOf(answered)).toMatch(/Name: Ada Lovelace/);
    // Outside a question the timeout still holds.
    await expect(
      client.callTool('trigger-long-running-operation', { duration: 5, steps: 5 }, { timeoutMs: 1200 }),
    ).rejects.toMatchObject({ code: ErrorCode.RequestTimeout });
  });

  it('answers URL elicitation, and passes the -32042 error path through with its elicitations', async () => {
    const urls: ElicitUrlParams[] = [];
    const { client } = await connect({
      elicitation: {
        form: async () => ({ action: 'cancel' }),
        url: async (params) => {
          urls.push(params);
          return { action: 'accept' };
        },
      },
    });
    const r = await client.callTool('trigger-url-elicitation', {
      url: 'https://example.com/authorize',
      elicitationId: 'e-1',
    });
    expect(r.isError).toBeFalsy();
    expect(urls[0]).toMatchObject({
      mode: 'url',
      url: 'https://example.com/authorize',
      elicitationId: 'e-1',
    });

    // Error path: -32042 names a required URL elicitation.
    const err = (await client
      .callTool('trigger-url-elicitation', { url: 'https://example.com/x', errorPath: true })
      .catch((e: unknown) => e)) as McpError;
    expect(err.code).toBe(ErrorCode.UrlElicitationRequired);
    client.trackUrlElicitations(err);
    expect((err.data as { elicitations: unknown[] }).elicitations.length).toBeGreaterThan(0);
  });

  it('serves roots/list and tells the server when roots change', async () => {
    let roots: Root[] = [{ uri: 'file:///tmp/project-a', name: 'A' }];
    const { client } = await connect({ roots: { list: () => roots } });
    expect(textOf(await client.callTool('get-roots-list'))).toMatch(/file:\/\/\/tmp\/project-a/);
    roots = [{ uri: 'file:///tmp/project-b', name: 'B' }];
    // The server logs "Roots updated" for its first roots/list too, which may land after this point:
    // what counts is that it asks again and then holds the new list.
    await client.notifyRootsListChanged();
    await expect.poll(async () => textOf(await client.callTool('get-roots-list'))).toMatch(/project-b/);
    expect(textOf(await client.callTool('get-roots-list'))).not.toMatch(/project-a/);
  });

  it('shuts down on close (the process, or the HTTP session) and rejects calls afterwards', async () => {
    const { client, transport } = await connect();
    const pid = transport instanceof StdioTransport ? transport.pid : undefined;
    if (pid !== undefined) expect(await processAlive(pid)).toBe(true);
    await client.close();
    if (pid !== undefined) expect(await processAlive(pid)).toBe(false);
    const err = (await client.callTool('echo', { message: 'x' }).catch((e: unknown) => e)) as McpError;
    expect(err.code).toBe(ErrorCode.ConnectionClosed);
  });
});
