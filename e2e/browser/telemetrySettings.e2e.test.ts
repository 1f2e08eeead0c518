import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeAnthropic, startFakeAnthropic } from '../fixtures/anthropic/fakeAnthropic';
import { OtlpReceiver } from '../fixtures/otlp/otlpReceiver';
import { EVERYTHING_ENTRY } from '../fixtures/servers';
import {
  describeInChromium,
  goTo,
  openNewChat,
  type RunningShell,
  sendFromComposer,
  shots,
  startShell,
} from './shellFixture';

const API_KEY = 'sk-ant-otel-e2e-31c4';
const ECHO = 'everything__echo';
/** The header's value: the page sends it once, to be stored, and never hears it again. */
const HEADER_VALUE = 'otel-header-value-e2e-9d04b7';

/**
 * Settings → Telemetry in the browser shell: the person points telemetry at a collector (a real OTLP
 * receiver), adds a header whose value is kept as a secret, runs a tool call in a chat, and the
 * collector gets the spans with the header — while the page never receives the value back.
 */
describeInChromium('telemetry configured in Settings', () => {
  let fake: FakeAnthropic;
  let receiver: OtlpReceiver;
  let shell: RunningShell;
  let page: Page;
  const sent: string[] = [];

  beforeAll(async () => {
    fake = await startFakeAnthropic({ apiKey: API_KEY });
    receiver = await OtlpReceiver.start();
    shell = await startShell({
      servers: { everything: { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] } },
      trusted: ['everything'],
      secrets: { 'anthropic/api-key': API_KEY },
      files: {
        'settings.json': {
          anthropic: { baseUrl: fake.url, defaultModel: 'claude-sonnet-5-5' },
          titleWithModel: false,
        },
      },
      env: {
        // No organization's policy here; spans leave every 200 ms rather than 5 s.
        SWITCHBOARD_POLICY_FILE: path.join(shots, 'no-such-policy.json'),
        OTEL_BSP_SCHEDULE_DELAY: '200',
        OTEL_BLRP_SCHEDULE_DELAY: '200',
      },
    });
    page = shell.page;
    page.on('websocket', (ws) => ws.on('framesent', (f) => sent.push(String(f.payload))));
    await page.goto(shell.url);
    await goTo(page, 'Servers');
    await page.waitForSelector('[data-server="everything"] [data-status="running"]', { timeout: 30_000 });
  }, 90_000);

  afterAll(async () => {
    await shell?.stop();
    await fake?.stop();
    await receiver?.stop();
  }, 60_000);

  it('refuses plain http off this computer, saying why', async () => {
    await goTo(page, 'Settings');
    const card = page.getByRole('region', { name: 'Telemetry (OpenTelemetry)' });
    await card.getByRole('textbox', { name: 'OTLP endpoint' }).fill('http://collector.example:4318');
    await expect
      .poll(() => card.getByRole('alert').first().textContent())
      .toMatch(/^Refused: plain http would send the headers .* use https for collector.example:4318/);
    expect(await card.getByRole('button', { name: 'Save telemetry' }).isDisabled()).toBe(true);
  });

  it('turned on with a header: the tool call’s spans reach the collector with it; the page never gets the value', async () => {
    const card = page.getByRole('region', { name: 'Telemetry (OpenTelemetry)' });
    await card.getByRole('textbox', { name: 'OTLP endpoint' }).fill(receiver.url);
    await card.getByRole('checkbox', { name: 'Send telemetry' }).check();
    await card.getByRole('button', { name: 'Save telemetry' }).click();
    await expect.poll(() => card.locator('[data-telemetry]').getAttribute('data-telemetry')).toBe('on');
    await card.getByRole('textbox', { name: 'Header name' }).fill('x-api-key');
    await card.getByLabel('Header value').fill(HEADER_VALUE);
    await card.getByRole('button', { name: 'Add header' }).click();
    await expect
      .poll(() => card.locator('[data-telemetry-header="x-api-key"] [data-header-stored]').textContent())
      .toBe('stored');
    expect(await card.getByLabel('Header value').inputValue()).toBe('');
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: path.join(shots, 'telemetry-settings-light.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await card.screenshot({ path: path.join(shots, 'telemetry-settings-dark.png') });
    await page.emulateMedia({ colorScheme: 'light' });

    fake.script(
      {
        content: [{ type: 'tool_use', id: 'toolu_otel_e2e', name: ECHO, input: { message: 'traced echo' } }],
      },
      { content: [{ type: 'text', text: 'Echoed.' }] },
    );
    await goTo(page, 'Chats');
    await openNewChat(page);
    await sendFromComposer(page, 'Echo, traced');
    await page
      .getByRole('dialog', { name: /Tool call from everything$/ })
      .getByRole('button', { name: 'Allow once' })
      .click();
    await expect.poll(() => page.getByRole('button', { name: 'Send' }).count(), { timeout: 15_000 }).toBe(1);

    await receiver.until((r) => r.spans.some((s) => s.name === 'tools/call echo'), 15_000);
    const names = receiver.spans.map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(['invoke_agent Switchboard', `execute_tool ${ECHO}`]));
    const call = receiver.spans.find((s) => s.name === 'tools/call echo')!;
    const carrying = receiver.requests.filter(
      (r) => r.path === '/v1/traces' && r.body.includes(Buffer.from(call.spanId, 'hex')),
    );
    expect(carrying.length).toBeGreaterThan(0);
    for (const request of carrying) expect(request.headers['x-api-key']).toBe(HEADER_VALUE);
    // Content capture is off: the argument did not leave.
    for (const request of receiver.requests) expect(request.body.includes('traced echo')).toBe(false);

    // The page sent the value once, to be stored; nothing the host sent the page ever held it.
    expect(sent.filter((f) => f.includes(HEADER_VALUE))).toHaveLength(1);
    expect(shell.frames.length).toBeGreaterThan(0);
    for (const frame of shell.frames) expect(frame).not.toContain(HEADER_VALUE);
    await goTo(page, 'Settings');
    expect(await page.content()).not.toContain(HEADER_VALUE);
  });
});

/** Under the organization's policy: the card says so, and nothing on it can be changed. */
describeInChromium('telemetry set by the managed policy', () => {
  let receiver: OtlpReceiver;
  let shell: RunningShell;
  let dir: string;

  beforeAll(async () => {
    receiver = await OtlpReceiver.start();
    dir = await mkdtemp(path.join(tmpdir(), 'sb-otel-policy-'));
    const policyFile = path.join(dir, 'policy.json');
    await writeFile(
      policyFile,
      JSON.stringify({ telemetry: { endpoint: receiver.url, captureContent: true } }),
    );
    shell = await startShell({
      servers: {},
      files: { 'settings.json': { telemetry: { enabled: false, endpoint: '' } } },
      env: { SWITCHBOARD_POLICY_FILE: policyFile },
    });
    await shell.page.goto(shell.url);
  }, 90_000);

  afterAll(async () => {
    await shell?.stop();
    await receiver?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  }, 60_000);

  it('is on whatever Settings say, shown disabled with "Set by your organization"', async () => {
    const page = shell.page;
    await goTo(page, 'Settings');
    const card = page.getByRole('region', { name: 'Telemetry (OpenTelemetry)' });
    await expect
      .poll(() => card.locator('[data-telemetry-from="policy"]').textContent())
      .toMatch(/^Set by your organization/);
    expect(await card.getByRole('checkbox', { name: 'Send telemetry' }).isDisabled()).toBe(true);
    // What the policy sends, not the person's own "off".
    expect(await card.getByRole('checkbox', { name: 'Send telemetry' }).isChecked()).toBe(true);
    expect(await card.getByRole('textbox', { name: 'OTLP endpoint' }).inputValue()).toBe(receiver.url);
    expect(await card.getByRole('checkbox', { name: /^Include content/ }).isChecked()).toBe(true);
    expect(await card.getByRole('textbox', { name: 'OTLP endpoint' }).isDisabled()).toBe(true);
    expect(await card.getByRole('button', { name: 'Save telemetry' }).isDisabled()).toBe(true);
    expect(await card.locator('[data-telemetry]').getAttribute('data-telemetry')).toBe('on');
    expect(await card.textContent()).toContain("set by your organization's policy — with content");
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: path.join(shots, 'telemetry-settings-policy.png') });
  });
});
