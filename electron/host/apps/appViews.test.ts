import { beforeEach, describe, expect, it } from 'vitest';
import { allowNextTool } from '../../../e2e/fixtures/allowNextTool';
import { conversationFinished } from '../../../e2e/fixtures/conversationFinished';
import { withHostAndModel } from '../../../e2e/fixtures/hostWithModel';
import { APPS_FIXTURE, BASIC_VIEW_ENTRY } from '../../../e2e/fixtures/servers';
import { trustAsShown } from '../../../e2e/fixtures/trust';
import type { ChatEvent } from '../../../shared/chat/conversation';
import { serverIdentity } from '../config/serverIdentity';
import type { Host } from '../host';

const env = withHostAndModel('sb-apps-', 'sk-ant-apps-51aa');
let events: ChatEvent[];
beforeEach(() => {
  events = [];
});

const SANDBOX = {
  urlOf: (id: string) => `http://v${id}.localhost:4555/`,
  frameAncestors: ['http://127.0.0.1:4444'],
};

async function start(): Promise<Host> {
  const host = await env.start({
    settings: { anthropic: { baseUrl: env.fake.url, defaultModel: 'claude-sonnet-5-5' } },
    servers: {
      apps: { command: process.execPath, args: [APPS_FIXTURE] },
      basic: { command: process.execPath, args: [BASIC_VIEW_ENTRY, '--stdio'] },
    },
  });
  await expect
    .poll(() => ['apps', 'basic'].every((s) => host.catalog.tools().some((t) => t.server === s)))
    .toBe(true);
  host.chat.onEvent((e) => events.push(e));
  return host;
}

const nameOf = (h: Host, server: string, tool: string) =>
  h.catalog.tools().find((t) => t.server === server && t.tool.name === tool)!.name;
const finished = (id: string) => conversationFinished(events, id);

/** A chat turn in which the model calls `tool` of `server` once (allowed), then answers. */
async function callInChat(h: Host, server: string, tool: string, input: Record<string, unknown> = {}) {
  env.fake.script(
    { content: [{ type: 'tool_use', id: `toolu_${tool}`, name: nameOf(h, server, tool), input }] },
    { content: [{ type: 'text', text: 'Done.' }] },
  );
  const c = await h.chat.create();
  await h.chat.send(c.id, `Use ${tool}`);
  await allowNextTool(h);
  await finished(c.id);
  return { conversationId: c.id, toolUseId: `toolu_${tool}` };
}

describe('MCP Apps in the host: Views opened from kept tool calls, attributed to their server', () => {
  it('advertises the extension; app-only tools are never offered to the model, and refused if it names one', async () => {
    const h = await start();
    const caps = await h.registry.session('apps').callTool('client-capabilities', {});
    expect(JSON.parse((caps.content[0] as { text: string }).text).extensions).toEqual({
      'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] },
    });
    const offered = h.catalog.enabledTools().map((t) => t.tool.name);
    expect(offered).toContain('show-panel');
    expect(offered).toContain('model-only');
    expect(offered).not.toContain('panel-refresh');
    // A model that names it anyway is refused before anything is sent or asked.
    const outcome = await h.tools.call({
      name: nameOf(h, 'apps', 'panel-refresh'),
      args: {},
      asker: 'model',
    });
    expect(outcome).toMatchObject({ status: 'refused', reason: expect.stringMatching(/View only/) });
    expect(h.consent.queue()).toEqual([]);
  });

  it('opens a kept call’s View: its HTML, input and result, the spec’s restrictive CSP; its tool calls go through consent as the View’s', async () => {
    const h = await start();
    const { conversationId, toolUseId } = await callInChat(h, 'apps', 'show-panel', { topic: 'widgets' });
    const saved = await h.chat.get(conversationId);
    // Kept with the identity of the server that ran it: its View is that server's to show.
    expect(saved.messages[2]?.toolCalls?.[0]?.view).toEqual({
      resourceUri: 'ui://panel/view.html',
      server: serverIdentity(h.registry.get('apps')!.config),
    });

    await expect(h.apps.open(conversationId, toolUseId)).rejects.toThrow(/no sandbox/);
    h.apps.setSandbox(SANDBOX);
    const view = await h.apps.open(conversationId, toolUseId);
    expect(view).toMatchObject({
      server: 'apps',
      resourceUri: 'ui://panel/view.html',
      input: { topic: 'widgets' },
      result: {
        content: [{ type: 'text', text: 'panel about widgets' }],
        structuredContent: { widgets: 42 },
      },
      allow: '',
      notes: [],
    });
    expect(view.sandboxUrl).toBe(`http://v${view.viewId}.localhost:4555/`);
    expect(view.sandboxOrigin).toBe(`http://v${view.viewId}.localhost:4555`);
    expect(view.html).toContain('<h3 id="title">Panel</h3>');
    // The spec's default, word for word, then what keeps forms and framing in.
    expect(view.csp).toBe(
      "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; " +
        "img-src 'self' data:; font-src 'self'; media-src 'self' data:; connect-src 'none'; worker-src 'self' blob:; frame-src 'none'; " +
        "object-src 'none'; base-uri 'self'; form-action 'none'; frame-ancestors http://127.0.0.1:4444 'self'",
    );
    const page = h.apps.sandboxPage(view.viewId)!;
    expect(page.headers['content-security-policy']).toBe(view.csp);
    expect(page.body).toContain('ui/notifications/sandbox-proxy-ready');
    expect(h.apps.sandboxPage('0'.repeat(24))).toBeUndefined();
    // The audit trail: the policy in the server's log.
    expect(h.logs.entries('apps').some((e) => e.source === 'view' && e.text.includes(view.csp))).toBe(true);

    // The View calls its app-only tool: asked as the View's, in its conversation.
    const calling = h.apps.callTool(view.viewId, 'panel-refresh', { times: 2 });
    const asked = await allowNextTool(h);
    expect(asked).toMatchObject({
      kind: 'tool',
      fromView: 'show-panel',
      conversationId,
      argumentsJson: '{"times":2}',
    });
    expect(await calling).toEqual({ content: [{ type: 'text', text: 'refreshed 2 times' }] });
    // Model-only tools and other servers' tools are not the View's; nothing is asked.
    expect(await h.apps.callTool(view.viewId, 'model-only', {})).toMatchObject({
      isError: true,
      content: [{ text: expect.stringMatching(/model only, not from a View/) }],
    });
    expect(await h.apps.callTool(view.viewId, 'echo', { message: 'x' })).toMatchObject({
      isError: true,
      content: [{ text: 'apps has no tool named echo.' }],
    });
    expect(h.consent.queue()).toEqual([]);
    // A resource read is its own server's.
    const read = await h.apps.readResource(view.viewId, 'ui://panel/view.html');
    expect(read.contents[0]?.uri).toBe('ui://panel/view.html');

    // Closed: the id answers nothing more.
    h.apps.close(view.viewId);
    await expect(h.apps.callTool(view.viewId, 'panel-refresh', {})).rejects.toThrow(/closed/);
    expect(h.apps.sandboxPage(view.viewId)).toBeUndefined();
  });

  it('a View asks one tool call at a time (no queue of dialogs), and closing it ends the call it asked (found by a review)', async () => {
    const h = await start();
    h.apps.setSandbox(SANDBOX);
    const { conversationId, toolUseId } = await callInChat(h, 'apps', 'show-panel');
    const view = await h.apps.open(conversationId, toolUseId);
    const first = h.apps.callTool(view.viewId, 'panel-refresh', { times: 1 });
    await expect.poll(() => h.consent.queue().length).toBe(1);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => h.apps.callTool(view.viewId, 'panel-refresh', { times: 2 })),
    );
    for (const r of results)
      expect(r).toMatchObject({
        isError: true,
        content: [{ text: 'The view of show-panel is already waiting for a tool call to end.' }],
      });
    expect(h.consent.queue()).toHaveLength(1);
    // The card goes (another conversation opened): its dialog goes too, and nothing runs.
    h.apps.close(view.viewId);
    expect(await first).toMatchObject({ isError: true });
    await expect.poll(() => h.consent.queue().length).toBe(0);
  });

  it('what the person allowed the model in this conversation does not let the View call silently, nor the reverse (found by a review)', async () => {
    const h = await start();
    h.apps.setSandbox(SANDBOX);
    env.fake.script(
      { content: [{ type: 'tool_use', id: 'toolu_conv', name: nameOf(h, 'apps', 'show-panel'), input: {} }] },
      { content: [{ type: 'text', text: 'Done.' }] },
    );
    const c = await h.chat.create();
    await h.chat.send(c.id, 'Show it');
    await allowNextTool(h, { decision: 'allow-conversation' });
    await finished(c.id);
    const view = await h.apps.open(c.id, 'toolu_conv');
    const calling = h.apps.callTool(view.viewId, 'show-panel', { topic: 'again' });
    // Asked, though the model may call it here without asking.
    const asked = await allowNextTool(h);
    expect(asked).toMatchObject({ fromView: 'show-panel', conversationId: c.id });
    expect(await calling).toMatchObject({ content: [{ text: 'panel about again' }] });
  });

  it('a View gets its own call’s input and result, not those of a later call to another server under the same tool use id (found by an attack review)', async () => {
    const h = await start();
    h.apps.setSandbox(SANDBOX);
    // A model API (or a proxy in front of one) that hands out the same id twice: the apps View is
    // opened by that id, and must not be given what the everything server answered.
    env.fake.script(
      {
        content: [
          {
            type: 'tool_use',
            id: 'toolu_dup',
            name: nameOf(h, 'apps', 'show-panel'),
            input: { topic: 'mine' },
          },
        ],
      },
      {
        content: [
          {
            type: 'tool_use',
            id: 'toolu_dup',
            name: nameOf(h, 'everything', 'echo'),
            input: { message: 'private to everything' },
          },
        ],
      },
      { content: [{ type: 'text', text: 'Done.' }] },
    );
    const c = await h.chat.create();
    await h.chat.send(c.id, 'Show it');
    await allowNextTool(h);
    await allowNextTool(h);
    await finished(c.id);
    const view = await h.apps.open(c.id, 'toolu_dup');
    expect(view.server).toBe('apps');
    expect(JSON.stringify({ input: view.input, result: view.result })).not.toContain('private to everything');
    expect(view.input).toEqual({ topic: 'mine' });
  });

  it('the View’s context for the model goes with the next message, once, shown as from the View', async () => {
    const h = await start();
    h.apps.setSandbox(SANDBOX);
    const { conversationId, toolUseId } = await callInChat(h, 'apps', 'show-panel');
    const view = await h.apps.open(conversationId, toolUseId);
    h.apps.updateContext(view.viewId, [{ type: 'text', text: 'old' }]);
    h.apps.updateContext(view.viewId, [{ type: 'text', text: 'The panel shows 42 widgets.' }], {
      widgets: 42,
    });
    env.fake.script(
      { content: [{ type: 'text', text: 'OK.' }] },
      { content: [{ type: 'text', text: 'OK.' }] },
    );
    await h.chat.send(conversationId, 'What does it show?');
    await expect.poll(async () => (await h.chat.get(conversationId)).messages.length).toBe(6);
    const sent = (await h.chat.get(conversationId)).messages[4]!;
    expect(sent.blocks).toEqual([
      {
        type: 'text',
        text: 'Context from the view of show-panel (apps):\nThe panel shows 42 widgets.\n{"widgets":42}',
        attachment: { server: 'apps', uri: 'ui://panel/view.html' },
      },
      { type: 'text', text: 'What does it show?' },
    ]);
    // Taken: the next message carries none.
    await expect
      .poll(() => events.filter((e) => e.conversationId === conversationId && e.kind === 'finished').length)
      .toBe(2);
    await h.chat.send(conversationId, 'And now?');
    await expect.poll(async () => (await h.chat.get(conversationId)).messages.length).toBe(8);
    expect((await h.chat.get(conversationId)).messages[6]!.blocks).toEqual([
      { type: 'text', text: 'And now?' },
    ]);
  });

  it('declared network and permissions: well-formed sources widen the CSP, the rest are refused and named; only clipboard writing is granted', async () => {
    const h = await start();
    h.apps.setSandbox(SANDBOX);
    const { conversationId, toolUseId } = await callInChat(h, 'apps', 'show-declared');
    const view = await h.apps.open(conversationId, toolUseId);
    expect(view.csp).toContain('connect-src https://api.example.com;');
    expect(view.csp).toContain("script-src 'self' 'unsafe-inline' https://cdn.example.com;");
    expect(view.csp).not.toMatch(/unsafe-eval|\*/);
    expect(view.allow).toBe('clipboard-write');
    expect(view.prefersBorder).toBe(false);
    expect(view.notes).toEqual([
      `csp.resourceDomains: "'unsafe-eval'" is not a scheme://host[:port] source`,
      'csp.resourceDomains: "https://x.example.com; script-src *" is not a scheme://host[:port] source',
      'not granted: camera (views get none of these)',
      'may reach: https://api.example.com https://cdn.example.com',
    ]);
  });

  it('refuses what is not a View, and a View whose server is gone; a flooding View is slowed', async () => {
    const h = await start();
    h.apps.setSandbox(SANDBOX);
    const wrong = await callInChat(h, 'apps', 'show-wrong');
    await expect(h.apps.open(wrong.conversationId, wrong.toolUseId)).rejects.toThrow(
      /ui:\/\/wrong\/view.html is "text\/html", not a view \(text\/html;profile=mcp-app\)/,
    );
    await expect(h.apps.open(wrong.conversationId, 'toolu_nothing')).rejects.toThrow(
      /No tool call toolu_nothing/,
    );
    const panel = await callInChat(h, 'apps', 'show-panel');
    const view = await h.apps.open(panel.conversationId, panel.toolUseId);
    let refused = 0;
    for (let i = 0; i < 100; i++) {
      try {
        h.apps.log(view.viewId, 'info', `line ${i}`);
      } catch (error) {
        expect(String(error)).toMatch(/asks too often/);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(50);
    // Long lines: each cut, and a View's share of its server's log is bounded (the log is rotated at
    // 5 MB; a View must not push the server's own lines out) — said once, then counted.
    const chatty = await h.apps.open(panel.conversationId, panel.toolUseId);
    const before = h.logs.entries('apps').length;
    const answers = Array.from({ length: 20 }, () => {
      try {
        h.apps.log(chatty.viewId, 'info', 'x'.repeat(50_000));
        return 'written';
      } catch (error) {
        return (error as Error).message;
      }
    });
    expect(answers.slice(0, 9)).toEqual(Array(9).fill('written'));
    expect(answers.slice(10)).toEqual(Array(10).fill('The view of show-panel logs too much: line dropped.'));
    const written = h.logs.entries('apps').slice(before);
    expect(written.filter((e) => e.text.includes('lines dropped'))).toHaveLength(1);
    expect(written.reduce((n, e) => n + e.text.length, 0)).toBeLessThan(45_000);
    expect(written[0]!.text).toMatch(/^view of show-panel: x{4000}… \(cut\)$/);
    await h.registry.session('apps').stop();
    await expect(h.apps.open(panel.conversationId, panel.toolUseId)).rejects.toThrow(/apps is not running/);
  });

  it('a View open when its server is replaced by another of the same name (a changed command) speaks to neither; a restart of the same server keeps it (found by an attack review)', async () => {
    const h = await start();
    h.apps.setSandbox(SANDBOX);
    const panel = await callInChat(h, 'apps', 'show-panel');
    const view = await h.apps.open(panel.conversationId, panel.toolUseId);
    // The same server restarted: still its View.
    await h.registry.restart('apps');
    await expect.poll(() => h.registry.get('apps')?.run !== undefined).toBe(true);
    expect((await h.apps.readResource(view.viewId, 'ui://panel/view.html')).contents[0]?.uri).toBe(
      'ui://panel/view.html',
    );
    // Removed, and another server added (and trusted) under its name: the old View reaches nothing of it.
    await h.registry.upsert('apps', { command: process.execPath, args: [APPS_FIXTURE, '--probe-port', '9'] });
    await trustAsShown(h.registry, 'apps');
    await expect.poll(() => h.registry.get('apps')?.run !== undefined).toBe(true);
    await expect(h.apps.readResource(view.viewId, 'ui://panel/view.html')).rejects.toThrow(/closed/);
    expect(await h.apps.callTool(view.viewId, 'panel-refresh', {}).catch((e: Error) => e.message)).toMatch(
      /closed/,
    );
    expect(h.consent.queue()).toEqual([]);
    expect(h.apps.sandboxPage(view.viewId)).toBeUndefined();
    // Nor is the old call's View opened again for the server now under that name: its input and
    // result were the old server's (the card keeps them; a call to the new server has its own View).
    await expect(h.apps.open(panel.conversationId, panel.toolUseId)).rejects.toThrow(
      /apps is not the one that made this call \(it was replaced or its command or address changed since\)/,
    );
    await expect
      .poll(() => h.catalog.tools().some((t) => t.server === 'apps' && t.tool.name === 'show-panel'))
      .toBe(true);
    const again = await callInChat(h, 'apps', 'show-panel');
    expect((await h.apps.open(again.conversationId, again.toolUseId)).viewId).toMatch(/^[0-9a-f]{24}$/);
  });

  it('the official basic View server: its get-time call keeps a View, opened under the default CSP', async () => {
    const h = await start();
    h.apps.setSandbox(SANDBOX);
    const { conversationId, toolUseId } = await callInChat(h, 'basic', 'get-time');
    const view = await h.apps.open(conversationId, toolUseId);
    expect(view.resourceUri).toBe('ui://get-time/mcp-app.html');
    expect(view.html.length).toBeGreaterThan(10_000);
    expect(view.csp).toContain("connect-src 'none'");
    expect(view.result?.structuredContent).toHaveProperty('time');
  });
});
