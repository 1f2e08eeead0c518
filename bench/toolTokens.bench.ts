// How many tokens of tool definitions a new chat's first request carries with 1,000 tools on (five of
// our catalog servers, the official SDK's, 200 tools each), beside the same with one server of 20 tools
// (the yardstick: under the search's threshold, every definition sent): with tool search off (every
// definition), with Anthropic's own search (deferred), and with the host's search on an
// OpenAI-compatible provider. Tokens estimated as the tool budget counts them (JSON characters / 4).
// The requests are real, from the host to our fake APIs. Issue 33's row: "a few thousand tokens
// whatever the catalog size". Run: npx tsx bench/toolTokens.bench.ts
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from '../e2e/browser/shellFixture';
import { startFakeAnthropic } from '../e2e/fixtures/anthropic/fakeAnthropic';
import { startFakeOpenAI } from '../e2e/fixtures/openai/fakeOpenAI';
import { trustAsShown } from '../e2e/fixtures/trust';
import { Host } from '../electron/host/host';
import { hostService } from '../electron/host/hostService';
import { providerKeyId } from '../electron/host/secrets/providerKey';
import type { ChatEvent } from '../shared/chat/conversation';
import { toolTokens } from '../shared/chat/toolBudget';
import { ANTHROPIC } from '../shared/host/providerSettings';

const CATALOG = path.join(root, 'e2e/fixtures/stdio/catalog-server.mjs');
const ANTHROPIC_KEY = 'sk-ant-bench-tokens';
const GATEWAY_KEY = 'sk-bench-tokens';
const DOMAINS = [
  'calendar,email,git,weather,files,crm,billing,tickets,docs,maps',
  'music,photos,tasks,database,dns,ci,inventory,hr,translate,recipes',
];

interface Row {
  tools: number;
  sent: number;
  tokens: number;
}

async function firstRequest(servers: number, mode: 'off' | 'anthropic' | 'host'): Promise<Row> {
  const anthropic = await startFakeAnthropic({ apiKey: ANTHROPIC_KEY });
  const gateway = await startFakeOpenAI({ apiKey: GATEWAY_KEY });
  const home = await mkdtemp(path.join(tmpdir(), 'sb-bench-tokens-'));
  const names = Array.from({ length: servers }, (_, i) => `c${i + 1}`);
  const big = servers > 1;
  await writeFile(
    path.join(home, 'config.json'),
    JSON.stringify({
      mcpServers: Object.fromEntries(
        names.map((n, i) => [
          n,
          {
            command: process.execPath,
            args: [CATALOG, '--domains', big ? DOMAINS[i % 2]! : 'calendar'],
          },
        ]),
      ),
    }),
  );
  await writeFile(
    path.join(home, 'settings.json'),
    JSON.stringify({
      anthropic: { baseUrl: anthropic.url },
      openai: [{ id: 'gw', name: 'Gateway', baseUrl: gateway.url, defaultModel: 'gpt-5.5' }],
      ...(mode === 'host' ? { defaultProvider: 'gw' } : {}),
      toolSearch: mode === 'off' ? 'off' : 'auto',
    }),
  );
  const host = await Host.create({ home });
  try {
    await host.secrets.set(providerKeyId(ANTHROPIC, anthropic.url), ANTHROPIC_KEY);
    await hostService(host).setApiKey('gw', GATEWAY_KEY);
    for (const n of names) await trustAsShown(host.registry, n);
    const expected = servers === 1 ? 20 : servers * 200;
    const until = Date.now() + 60_000;
    while (host.catalog.enabledTools().length < expected) {
      if (Date.now() > until) throw new Error(`only ${host.catalog.enabledTools().length} tools listed`);
      await new Promise((r) => setTimeout(r, 100));
    }
    anthropic.script({ content: [{ type: 'text', text: 'Hello.' }] });
    gateway.script({ content: 'Hello.' });
    const finished = new Promise<void>((resolve, reject) =>
      host.chat.onEvent((e: ChatEvent) => {
        if (e.kind === 'finished') resolve();
        if (e.kind === 'error') reject(new Error(e.error.message));
      }),
    );
    const c = await host.chat.create();
    await host.chat.send(c.id, 'Hi');
    await finished;
    const body =
      mode === 'host'
        ? gateway.requests.find((r) => r.path === '/v1/chat/completions')!.body!
        : anthropic.requests.find((r) => r.path === '/v1/messages')!.body!;
    const tools = (body.tools ?? []) as Record<string, unknown>[];
    // What the model reads up front: a deferred definition is not loaded (Anthropic's own search).
    const loaded = tools.filter((t) => !t.defer_loading);
    return {
      tools: host.catalog.enabledTools().length,
      sent: loaded.length,
      tokens: toolTokens(loaded as never),
    };
  } finally {
    await host.shutdown();
    await anthropic.stop();
    await gateway.stop();
    await rm(home, { recursive: true, force: true });
  }
}

async function main() {
  const yardstick = await firstRequest(1, 'off');
  const rows: [string, Row][] = [
    ['tool search off: every definition sent', await firstRequest(5, 'off')],
    ["Anthropic: the API's own search, the rest deferred", await firstRequest(5, 'anthropic')],
    ["OpenAI-compatible: the host's search tool", await firstRequest(5, 'host')],
  ];
  console.log(
    `\n## Tool definitions in a new chat's first request (${new Date().toISOString().slice(0, 10)})\n`,
  );
  console.log('| request | tools on | definitions loaded | tokens (estimated) | / yardstick |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  console.log(
    `| 1 server, 20 tools, every definition sent (yardstick) | ${yardstick.tools} | ${yardstick.sent} | ${yardstick.tokens.toLocaleString('en-US')} | 1.00x |`,
  );
  for (const [name, row] of rows)
    console.log(
      `| ${name} | ${row.tools.toLocaleString('en-US')} | ${row.sent.toLocaleString('en-US')} | ${row.tokens.toLocaleString('en-US')} | ${(row.tokens / yardstick.tokens).toFixed(2)}x |`,
    );
}

await main();
