import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EVERYTHING_ENTRY, hostileStdio } from '../fixtures/servers';
import { describeInChromium, type RunningShell, runToolByHand, shots, startShellOpen } from './shellFixture';

const hostile = (mode: string) => {
  const { command, args } = hostileStdio(mode);
  return { command, args };
};

/**
 * Issue 35: a server can never take the host down. The browser shell's own process runs five real
 * hostile servers, each sending a value nested 100,000 deep on one path (a log message, a tool's input
 * schema, a tool's output schema, an elicitation's schema, a tool's structuredContent), beside
 * server-everything: the process stays up, each faulty server says on its card what was refused and
 * why, and server-everything goes on answering.
 */
describeInChromium('hostile servers in the browser shell', () => {
  let shell: RunningShell;
  let page: Page;
  const deep = ['log', 'listing', 'output', 'elicits', 'structured', 'unlisted'];

  beforeAll(async () => {
    shell = await startShellOpen(
      {
        servers: {
          everything: { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] },
          log: hostile('deep-log'),
          listing: hostile('deep-input-schema-beside'),
          output: hostile('deep-output-schema-beside'),
          elicits: hostile('deep-elicit'),
          structured: hostile('deep-structured'),
          unlisted: hostile('bad-tools-list'),
          silent: { ...hostile('hang-init'), requestTimeoutMs: 120_000 },
        },
        trusted: ['everything', 'silent', ...deep],
      },
      ['everything', ...deep],
    );
    page = shell.page;
  });
  afterAll(async () => {
    await shell?.stop();
  });

  const problem = (server: string, kind: string) =>
    page.locator(`[data-server="${server}"] [aria-label="Problems"] [data-problem="${kind}"]`);
  const result = async (server: string, tool: string, message?: string) => {
    const runner = await runToolByHand(page, server, tool, {
      ...(message ? { fill: (r) => r.getByLabel('message').fill(message) } : {}),
    });
    const region = runner.getByRole('region', { name: 'Result' });
    await region.waitFor({ timeout: 15_000 });
    const text = (await region.textContent()) ?? '';
    await runner.getByRole('button', { name: 'Close' }).click();
    return text;
  };

  it('each deep value is refused by name on its server’s card; the shell stays up and server-everything answers', async () => {
    // The client library refuses each such message whole where it enters; the card says so.
    const deep = /nested deeper than 100 levels/;
    await expect.poll(() => problem('log', 'protocol').textContent(), { timeout: 15_000 }).toMatch(deep);
    expect(await problem('log', 'protocol').textContent()).toMatch(/^Refused, against the protocol: /);
    for (const server of ['listing', 'output'])
      expect(await problem(server, 'tools').textContent()).toMatch(
        /^Its tools could not be listed: .*nested deeper than 100 levels/,
      );

    expect(await result('elicits', 'echo')).toMatch(deep);
    expect(await problem('elicits', 'protocol').textContent()).toMatch(deep);

    expect(await result('structured', 'echo')).toMatch(deep);
    expect(await problem('structured', 'protocol').textContent()).toMatch(deep);

    // A malformed tools/list: running, and saying it lists nothing and why.
    expect(await problem('unlisted', 'tools').textContent()).toMatch(
      /^Its tools could not be listed: .*tools.*It offers none until a listing works/,
    );

    expect(await result('everything', 'echo', 'still here')).toContain('Echo: still here');
    await page.screenshot({ path: `${shots}/hostile-deep-servers.png`, fullPage: true });
    expect(shell.running()).toBe(true);
    // Nothing reached the host as a fault: each path refused its value before anything broke.
    expect(await page.locator('[data-problem="fault"]').count()).toBe(0);
  }, 90_000);

  it('a server that never answers is not a bare "Starting": its card says for how long, what it waits for and what it wrote', async () => {
    const card = page.locator('[data-server="silent"]');
    const detail = card.getByTestId('starting-detail');
    await expect
      .poll(() => detail.textContent(), { timeout: 20_000 })
      .toMatch(
        /^Starting for \d+ s: waiting for its answer to initialize — gives up \d+ s from now \(after 120 s\)\.$/,
      );
    await expect
      .poll(() => card.getByTestId('starting-output').textContent())
      .toContain('npm warn fetch retrying: connect ETIMEDOUT registry.npmjs.org');
    const first = Number((await detail.textContent())!.match(/Starting for (\d+) s/)![1]);
    await expect
      .poll(async () => Number((await detail.textContent())!.match(/Starting for (\d+) s/)![1]))
      .toBeGreaterThan(first);
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `${shots}/starting-silent-server.png` });
  });
});
