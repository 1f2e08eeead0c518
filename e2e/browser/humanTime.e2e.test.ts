import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeAnthropic, startFakeAnthropic } from '../fixtures/anthropic/fakeAnthropic';
import { EVERYTHING_ENTRY, hostileStdio } from '../fixtures/servers';
import { describeInChromium, type RunningShell, runToolByHand, shots, startShellOpen } from './shellFixture';

/**
 * A person takes their time: a question answered long after the call's timeout still reaches the
 * server, and a dialog whose request died closes and says why. The servers' timeouts are set to two
 * seconds so "long after" is a few seconds here.
 */
describeInChromium('the person takes their time', () => {
  let shell: RunningShell;
  let page: Page;
  let fake: FakeAnthropic;
  const API_KEY = 'sk-ant-e2e-time-7c21';

  beforeAll(async () => {
    fake = await startFakeAnthropic({ apiKey: API_KEY });
    const cancelling = hostileStdio('server-cancel');
    shell = await startShellOpen(
      {
        servers: {
          everything: {
            command: process.execPath,
            args: [EVERYTHING_ENTRY, 'stdio'],
            // The call's own legs (sent → asked, answered → result) get this much on a loaded machine.
            requestTimeoutMs: 2000,
          },
          cancelling: {
            command: cancelling.command,
            args: cancelling.args,
            // Long enough for the dialog to open and be typed in on a loaded machine.
            env: { HOSTILE_CANCEL_AFTER_MS: '6000' },
            requestTimeoutMs: 2000,
          },
        },
        trusted: ['everything', 'cancelling'],
        secrets: { 'anthropic/api-key': API_KEY },
        files: { 'settings.json': { anthropic: { baseUrl: fake.url } } },
      },
      ['everything', 'cancelling'],
    );
    page = shell.page;
  }, 60_000);

  afterAll(async () => {
    await shell?.stop();
    await fake?.stop();
  });

  const dialog = (name: RegExp) => page.getByRole('dialog', { name });
  const runTool = (server: string, tool: string) => runToolByHand(page, server, tool);

  it("a question answered long after the call's timeout still reaches the server", async () => {
    const runner = await runTool('everything', 'trigger-elicitation-request');
    const form = dialog(/Information requested by everything/);
    await form.getByLabel(/^String \*?$/).fill('Ada Lovelace');
    // Three times the call's two-second timeout, thinking.
    await page.waitForTimeout(6000);
    await form.getByRole('button', { name: 'Send' }).click();
    const result = runner.getByRole('region', { name: 'Result' });
    await expect.poll(() => result.textContent()).toContain('Ada Lovelace');
    expect(await result.textContent()).not.toMatch(/timed out/);
    await runner.getByRole('button', { name: 'Close' }).click();
  });

  it('a dialog whose server withdrew the request closes, and a notice says why', async () => {
    const runner = await runTool('cancelling', 'echo');
    const ask = dialog(/Sampling request from cancelling/);
    await ask.getByLabel('System prompt').fill('half-typed');
    // The server cancels its request while the person is editing.
    await expect.poll(() => ask.count(), { timeout: 20_000 }).toBe(0);
    const notice = page.getByRole('status');
    await expect
      .poll(() => notice.textContent())
      .toMatch(
        /cancelling: the sampling request closed before you answered — the server withdrew it .*changed my mind.*Nothing you entered was sent/,
      );
    await page.screenshot({ path: path.join(shots, 'time-1-withdrawn.png') });
    expect(fake.requests.filter((r) => r.path === '/v1/messages')).toEqual([]);
    await runner.getByRole('button', { name: 'Close' }).click();
  });
});
