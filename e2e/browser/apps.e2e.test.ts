import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { type FakeAnthropic, startFakeAnthropic } from '../fixtures/anthropic/fakeAnthropic';
import { startProbe } from '../fixtures/probeServer';
import { APPS_FIXTURE, BASIC_VIEW_ENTRY, BUDGET_VIEW_ENTRY } from '../fixtures/servers';
import { describeInChromium, goTo, type RunningShell, shots, startShellOpen } from './shellFixture';

const API_KEY = 'sk-ant-apps-e2e-19ce';

/**
 * MCP Apps in the browser shell: real View servers from npm (basic-vanillajs, budget-allocator) and
 * ours (a friendly View and a hostile one), a fake model calling their tools; each View in its
 * sandbox on an origin of its own, speaking only through the AppBridge.
 */
describeInChromium('MCP Apps views in Chromium', () => {
  let fake: FakeAnthropic;
  let shell: RunningShell;
  let page: Page;
  let probe: Awaited<ReturnType<typeof startProbe>>;

  beforeAll(async () => {
    fake = await startFakeAnthropic({ apiKey: API_KEY });
    // What a View must never reach: every request it gets is recorded.
    probe = await startProbe();
    shell = await startShellOpen(
      {
        servers: {
          apps: {
            command: process.execPath,
            args: [APPS_FIXTURE, '--probe-port', new URL(probe.url).port],
          },
          basic: { command: process.execPath, args: [BASIC_VIEW_ENTRY, '--stdio'] },
          budget: { command: process.execPath, args: [BUDGET_VIEW_ENTRY, '--stdio'] },
        },
        trusted: ['apps', 'basic', 'budget'],
        secrets: { 'anthropic/api-key': API_KEY },
        files: { 'settings.json': { anthropic: { baseUrl: fake.url, defaultModel: 'claude-sonnet-5-5' } } },
        // What nip.io's public DNS answers (127.0.0.1.nip.io is 127.0.0.1), without the network.
        chromiumArgs: ['--host-resolver-rules=MAP *.nip.io 127.0.0.1'],
      },
      ['apps', 'basic', 'budget'],
    );
    page = shell.page;
    await goTo(page, 'Chats');
  }, 60_000);
  afterAll(async () => {
    await shell?.stop();
    await fake?.stop();
    probe?.stop();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      await shot(`failed-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
    for (let i = 0; i < 5 && (await page.locator('dialog[open]').count()) > 0; i++)
      await page.keyboard.press('Escape');
  });

  const shot = (name: string) => page.screenshot({ path: path.join(shots, `apps-${name}.png`) });
  const composer = () => page.getByRole('textbox', { name: 'Message' });
  async function chat(question: string) {
    await page.getByRole('button', { name: 'New chat' }).click();
    // The new, empty conversation is open before anything is typed (else the switch clears it).
    const current = page.locator('.conversation-list [aria-current="true"]');
    await expect
      .poll(async () => ((await current.count()) === 1 ? await current.textContent() : ''))
      .toMatch(/^New conversationNo messages yet/);
    await composer().fill(question);
    await composer().press('Enter');
  }
  const replyDone = () =>
    expect.poll(() => page.getByRole('button', { name: 'Send' }).count(), { timeout: 15_000 }).toBe(1);
  const consent = (server: string) =>
    page.getByRole('dialog', { name: new RegExp(`Tool call from ${server}`) });
  const allow = async (server: string) => {
    await consent(server).getByRole('button', { name: 'Allow once' }).click();
  };
  /** The View of `tool`: its sandbox frame, and the View's own document inside it. */
  const viewOf = (tool: string): FrameLocator =>
    page.frameLocator(`iframe[title="View of ${tool}"]`).frameLocator('iframe[title="Server view"]');
  /** A turn in which the model calls one tool (allowed in its dialog), then answers. */
  async function modelCalls(server: string, tool: string, input: Record<string, unknown>) {
    fake.script(
      {
        content: [{ type: 'tool_use', id: `toolu_${tool}_${Date.now()}`, name: `${server}__${tool}`, input }],
      },
      { content: [{ type: 'text', text: `Here is ${tool}.` }] },
    );
    await chat(`Show me ${tool}`);
    await allow(server);
    await replyDone();
  }

  it('a tool’s View appears in its card with the input and result; its own tool call is asked as the View’s; message, link, context and full screen work', async () => {
    await modelCalls('apps', 'show-panel', { topic: 'widgets' });
    const view = viewOf('show-panel');
    await expect
      .poll(() => view.locator('#result').textContent(), { timeout: 15_000 })
      .toBe('panel about widgets');
    expect(await view.locator('#input').textContent()).toBe('{"topic":"widgets"}');
    // A worker from the View's own blob runs (the policy's worker-src).
    await expect.poll(() => view.locator('#worker').textContent()).toBe('worker: 42');
    expect(['light', 'dark']).toContain(await view.locator('#theme').textContent());
    // The app's own colours, as the spec's style variables.
    expect(await view.locator('#text-color').textContent()).toBe('#1c1d21');
    // The frame took the height the View asked for.
    await expect
      .poll(() => page.locator('iframe[title="View of show-panel"]').evaluate((f) => f.clientHeight))
      .toBe(320);
    const origin = await page
      .locator('iframe[title="View of show-panel"]')
      .evaluate((f) => new URL((f as HTMLIFrameElement).src).origin);
    expect(origin).toMatch(/^http:\/\/v[0-9a-f]{24}\.localhost:\d+$/);
    expect(origin).not.toBe(new URL(page.url()).origin);
    await shot('1-panel-view');

    await view.getByRole('button', { name: 'Refresh from the server' }).click();
    await expect
      .poll(() => consent('apps').locator('[data-from-view]').textContent())
      .toContain('Asked by the view of show-panel');
    await shot('2-view-tool-consent');
    await allow('apps');
    await expect.poll(() => view.locator('#said').textContent()).toBe('refresh: refreshed 2 times');

    await view.getByRole('button', { name: 'Call model-only' }).click();
    await expect
      .poll(() => view.locator('#said').textContent())
      .toMatch(/^model-only: error: .*model only, not from a View/);

    await view.getByRole('button', { name: 'Send a message' }).click();
    await expect.poll(() => composer().inputValue()).toBe('Please summarise the panel.');
    expect(await page.getByRole('status').filter({ hasText: 'The view wrote a message' }).count()).toBe(1);

    await view.getByRole('button', { name: 'Open the docs' }).click();
    const link = page.locator('[data-view-link]');
    await expect.poll(() => link.textContent()).toContain('https://example.com/docs?from=panel');
    await shot('3-view-link');
    // No internet here: the link's page is answered by the test, so the opened tab shows its URL.
    await page.context().route('https://example.com/**', (route) => route.fulfill({ body: 'docs' }));
    const popup = page.context().waitForEvent('page');
    await link.getByRole('button', { name: 'Open link' }).click();
    expect((await popup).url()).toBe('https://example.com/docs?from=panel');
    await (await popup).close();
    expect(await link.count()).toBe(0);

    await view.getByRole('button', { name: 'Tell the model' }).click();
    await expect.poll(() => view.locator('#said').textContent()).toBe('context updated');
    fake.script({ content: [{ type: 'text', text: 'Summarised.' }] });
    const before = fake.requests.length;
    await composer().press('Enter');
    await expect.poll(() => fake.requests.slice(before).some((r) => r.path === '/v1/messages')).toBe(true);
    // The fake seeing the request is no sign the page heard the turn start: until it does, Send is
    // there and replyDone would pass at once. The answer in the list is.
    await expect
      .poll(() => page.getByRole('log', { name: 'Messages' }).textContent())
      .toContain('Summarised.');
    await replyDone();
    const sent = JSON.stringify(fake.requests.slice(before).find((r) => r.path === '/v1/messages')!.body);
    expect(sent).toContain('Context from the view of show-panel (apps):\\nThe panel shows 42 widgets.');
    expect(sent).toContain('Please summarise the panel.');

    // Picture-in-picture: the View floats in the window's top corner and stays there while the list
    // scrolls; its frame is the same (what it said is still there: a moved frame would reload).
    const section = page.getByRole('region', { name: 'View of show-panel from apps' });
    await section.getByRole('button', { name: 'Float in the corner' }).click();
    expect(await section.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    await page.locator('.messages').evaluate((el) => {
      el.scrollTop = 0;
    });
    const box = await section.boundingBox();
    const size = page.viewportSize()!;
    expect(box!.x + box!.width).toBeGreaterThan(size.width - 40);
    expect(box!.y).toBeGreaterThan(0);
    expect(box!.y).toBeLessThan(100);
    expect(box!.y + box!.height).toBeLessThan(size.height);
    expect(await page.locator('[data-view-floating]').count()).toBe(1);
    expect(await view.locator('#said').textContent()).toBe('context updated');
    await shot('4a-view-floating');
    await section.getByRole('button', { name: 'Back in the conversation' }).click();
    expect(await section.evaluate((el) => getComputedStyle(el).position)).toBe('static');
    expect(await view.locator('#said').textContent()).toBe('context updated');

    // Full screen, asked by the View on a click in it: the browser's own, its frame not moved.
    await view.getByRole('button', { name: 'Full screen' }).click();
    await expect.poll(() => view.locator('#said').textContent()).toBe('display mode: fullscreen');
    expect(await page.evaluate(() => document.fullscreenElement?.getAttribute('aria-label'))).toBe(
      'View of show-panel from apps',
    );
    expect(await view.locator('#result').textContent()).toBe('panel about widgets');
    await shot('4-view-fullscreen');
    await page.getByRole('button', { name: 'Back in the conversation' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();

    // The View asks to close: it is told (ui/resource-teardown, which it answers) before its frame goes.
    await view.getByRole('button', { name: 'Close me' }).click();
    await expect.poll(() => page.locator('[data-view-closed]').textContent()).toBe('The view closed itself.');
    await expect
      .poll(() => readFile(path.join(shell.home, 'logs', 'apps.log'), 'utf8'))
      .toContain('view of show-panel: torn down');
  }, 60_000);

  it('reopening the conversation shows the View again without calling the tool; the text result stays when it cannot show', async () => {
    const requests = fake.requests.length;
    // The reload keeps the conversation's address (/chats/<id>): it is opened again by itself.
    await page.reload();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/chats\/[\w-]+$/);
    await expect
      .poll(() => page.locator('.conversation-list [aria-current="true"]').textContent())
      .toContain('Show me show-panel');
    const view = viewOf('show-panel');
    await expect
      .poll(() => view.locator('#result').textContent(), { timeout: 15_000 })
      .toBe('panel about widgets');
    expect(fake.requests.length).toBe(requests);
    expect(await page.locator('dialog[open]').count()).toBe(0);
    await shot('5-view-reopened');
    // Leaving the conversation tells the View before its card goes (ui/resource-teardown, answered).
    const log = path.join(shell.home, 'logs', 'apps.log');
    const tornDown = async () =>
      (await readFile(log, 'utf8')).split('view of show-panel: torn down').length - 1;
    const before = await tornDown();
    await page.getByRole('button', { name: 'New chat' }).click();
    await expect.poll(tornDown).toBe(before + 1);
    // The View's log line reaches the host before its answer reaches the page; only then is the new
    // conversation made and opened, and the card goes: wait for it.
    await expect.poll(() => page.locator('iframe[title="View of show-panel"]').count()).toBe(0);
  }, 60_000);

  it('the official servers’ Views: basic-vanillajs (its own tool call through consent, its message) and budget-allocator render', async () => {
    await modelCalls('basic', 'get-time', {});
    const basic = viewOf('get-time');
    await expect
      .poll(() => basic.locator('#server-time').textContent(), { timeout: 15_000 })
      .toMatch(/^\d{4}-\d\d-\d\dT/);
    await basic.getByRole('button', { name: 'Get Server Time' }).click();
    await expect.poll(() => consent('basic').locator('[data-from-view]').count()).toBe(1);
    await allow('basic');
    await basic.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => composer().inputValue()).toBe('This is message text.');
    await composer().fill('');
    await shot('6-basic-view');

    await modelCalls('budget', 'get-budget-data', {});
    const budget = viewOf('get-budget-data');
    await expect
      .poll(() => budget.locator('h1').first().textContent(), { timeout: 15_000 })
      .toBe('Budget Allocator');
    await expect.poll(() => budget.locator('canvas').count()).toBeGreaterThan(0);
    await shot('7-budget-view');
  }, 60_000);

  it('a hostile View gets nowhere: no navigation, popup, cookie, storage, host API, undeclared network or forged call; its flood closes it and the app goes on', async () => {
    const appUrl = new URL(page.url()).origin;
    await modelCalls('apps', 'show-hostile', { appUrl, probeUrl: probe.url });
    const log = path.join(shell.home, 'logs', 'apps.log');
    const said = async () =>
      (await readFile(log, 'utf8').catch(() => ''))
        .split('\n')
        .filter((l) => l.includes('view of show-hostile:'));
    await expect
      .poll(async () => (await said()).some((l) => l.includes('probes: done')), { timeout: 20_000 })
      .toBe(true);
    const lines = (await said()).join('\n');
    for (const attempt of [
      'top-navigation: blocked',
      'popup: blocked',
      'own-cookie: blocked',
      'app-cookie: blocked',
      'proxy-dom: blocked',
      'storage: blocked',
      'host-api-fetch: blocked',
      'host-api-socket: blocked',
      'undeclared-fetch: blocked',
      'undeclared-image: blocked',
      'webrtc: blocked',
      'worker-fetch: blocked',
      'other-server-tool: refused (apps has no tool named echo.)',
    ])
      expect(lines).toContain(attempt);
    // Nothing reached the probe; the app is where it was; no forged call was asked about.
    expect(probe.hits).toEqual([]);
    expect(new URL(page.url()).origin).toBe(appUrl);
    expect(await page.locator('dialog[open]').count()).toBe(0);
    // The flood: the View is cut off, and the app still answers at once.
    await expect
      .poll(() => page.locator('[data-view-closed]').textContent(), { timeout: 15_000 })
      .toBe('The view sent too many messages and was closed.');
    await shot('8-hostile-closed');
    await goTo(page, 'Servers');
    await page.waitForSelector('[data-server="apps"] [data-status="running"]');
    await goTo(page, 'Chats');
    expect(probe.hits).toEqual([]);
  }, 60_000);

  it('a resource that declares a wildcard over numbers (`http://*.0.0.1:<port>`, which Chromium matches against 127.0.0.1) reaches nothing on this machine (found by an attack review)', async () => {
    await modelCalls('apps', 'show-reach', { probeUrl: probe.url });
    const log = path.join(shell.home, 'logs', 'apps.log');
    const said = async () =>
      (await readFile(log, 'utf8').catch(() => ''))
        .split('\n')
        .filter((l) => l.includes('view of show-reach'));
    await expect
      .poll(async () => (await said()).some((l) => l.includes('probes: done')), { timeout: 20_000 })
      .toBe(true);
    const lines = (await said()).join('\n');
    expect(lines).toContain('is a wildcard over addresses');
    expect(lines).toContain('wildcard-fetch: blocked');
    expect(probe.hits).toEqual([]);
  }, 60_000);

  const viewSaid = async (tool: string) =>
    (await readFile(path.join(shell.home, 'logs', 'apps.log'), 'utf8').catch(() => ''))
      .split('\n')
      .filter((l) => l.includes(`view of ${tool}:`))
      .join('\n');

  it('a resource that declares a wildcard-DNS name (`http://*.nip.io:<port>`, where 127.0.0.1.nip.io is this machine) is refused, named on its card, and reaches nothing (issue 29)', async () => {
    const port = new URL(probe.url).port;
    // The name does reach this machine in this browser: only the refusal keeps the View from it.
    const control = await startProbe();
    const tab = await page.context().newPage();
    await tab.goto(`http://127.0.0.1.nip.io:${new URL(control.url).port}/resolves`);
    await tab.close();
    control.stop();
    expect(control.hits).toContain('/resolves');

    await modelCalls('apps', 'show-named', { probeUrl: `http://127.0.0.1.nip.io:${port}` });
    const card = page.getByRole('region', { name: 'View of show-named from apps' });
    await expect
      .poll(() => card.locator('.view-notes').textContent(), { timeout: 15_000 })
      .toContain(
        `csp.connectDomains: "http://*.nip.io:${port}" is under nip.io, whose names resolve to this machine or its network`,
      );
    expect(await card.locator('.view-notes').textContent()).not.toContain('may reach');
    await expect.poll(() => viewSaid('show-named'), { timeout: 20_000 }).toContain('probes: done');
    expect(await viewSaid('show-named')).toContain('wildcard-fetch: blocked');
    expect(probe.hits).toEqual([]);
    await shot('named-refused');
  }, 60_000);

  it('a View cannot fill the composer without end: what its messages add stays within one message’s limit (found by an attack review)', async () => {
    await modelCalls('apps', 'show-chatty', {});
    await expect.poll(() => viewSaid('show-chatty'), { timeout: 20_000 }).toContain('messages taken:');
    expect(await viewSaid('show-chatty')).toMatch(/messages taken: 1\b/);
    expect((await composer().inputValue()).length).toBeLessThanOrEqual(20_000);
    await composer().fill('');
  }, 60_000);

  it('a link shown to the person is not swapped for another under their pointer: the next waits until it is opened or dismissed (found by an attack review)', async () => {
    await modelCalls('apps', 'show-switch', {});
    await expect.poll(() => viewSaid('show-switch'), { timeout: 20_000 }).toContain('second link:');
    expect(await viewSaid('show-switch')).toContain('first link: shown');
    expect(await viewSaid('show-switch')).toContain('second link: refused');
    const link = page.locator('[data-view-link]');
    expect(await link.textContent()).toContain('https://example.com/first');
    await link.getByRole('button', { name: 'Dismiss' }).click();
    expect(await link.count()).toBe(0);
  }, 60_000);

  it('the WebRTC prelude runs in a View whose first “<head>” is inside a comment (found by an attack review)', async () => {
    await modelCalls('apps', 'show-comment', {});
    await expect.poll(() => viewSaid('show-comment'), { timeout: 20_000 }).toContain('webrtc:');
    expect(await viewSaid('show-comment')).toContain('webrtc: gone');
  }, 60_000);
});
