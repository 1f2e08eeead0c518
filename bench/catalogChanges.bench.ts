// 50 stdio servers of 20 tools each (1,000 tools): one server's tools listed again (its list_changed),
// and what the host then tells a window — only the changed server (the catalog change) beside the whole
// catalog view (the yardstick: what every change sent before issue 33, and what a window still reads
// when it connects), same run, same host: bytes on the wire and the time to make and serialise it.
// Run: npx tsx bench/catalogChanges.bench.ts   (BENCH_QUICK=1: 5 rounds instead of 20)
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from '../e2e/browser/shellFixture';
import { trustAsShown } from '../e2e/fixtures/trust';
import { CatalogChanges, catalogView } from '../electron/host/catalog/catalogView';
import { Host } from '../electron/host/host';
import { QUICK } from './harness';

const ROUNDS = QUICK ? 5 : 20;
const SERVERS = 50;
const CATALOG = path.join(root, 'e2e/fixtures/stdio/catalog-server.mjs');
const DOMAINS = ['calendar', 'email', 'git', 'weather', 'files', 'crm', 'billing', 'tickets', 'docs', 'maps'];

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const stat = (xs: number[], unit: string, digits = 2) => {
  const s = sorted(xs);
  return `${s[0]!.toFixed(digits)} / ${s[Math.floor(s.length / 2)]!.toFixed(digits)} / ${s.at(-1)!.toFixed(digits)} ${unit}`;
};

async function main() {
  const home = await mkdtemp(path.join(tmpdir(), 'sb-bench-changes-'));
  const names = Array.from({ length: SERVERS }, (_, i) => `s${String(i + 1).padStart(2, '0')}`);
  await writeFile(
    path.join(home, 'config.json'),
    JSON.stringify({
      mcpServers: Object.fromEntries(
        names.map((n, i) => [
          n,
          { command: process.execPath, args: [CATALOG, '--domains', DOMAINS[i % DOMAINS.length]!] },
        ]),
      ),
    }),
  );
  const host = await Host.create({ home });
  try {
    for (const n of names) await trustAsShown(host.registry, n);
    const until = Date.now() + 60_000;
    while (host.catalog.tools().length < SERVERS * 20) {
      if (Date.now() > until) throw new Error(`only ${host.catalog.tools().length} tools listed after 60 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const changes = new CatalogChanges(host.catalog);
    changes.next();
    const change = { ms: [] as number[], bytes: [] as number[] };
    const whole = { ms: [] as number[], bytes: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      const server = names[round % SERVERS]!;
      const before = host.catalog.versionOf(server);
      await host.catalog.refresh(server);
      if (host.catalog.versionOf(server) === before)
        throw new Error(`${server}'s tools were not listed again`);
      // The order alternates, so neither always runs with the other's work warm.
      const measures = [
        () => {
          const start = performance.now();
          const text = JSON.stringify(changes.next());
          change.ms.push(performance.now() - start);
          change.bytes.push(Buffer.byteLength(text));
        },
        () => {
          const start = performance.now();
          const text = JSON.stringify(catalogView(host.catalog));
          whole.ms.push(performance.now() - start);
          whole.bytes.push(Buffer.byteLength(text));
        },
      ];
      for (const m of round % 2 === 0 ? measures : measures.reverse()) m();
    }
    const kb = (xs: number[]) => xs.map((b) => b / 1024);
    console.log(
      `\n## One server's list_changed at ${SERVERS} servers, 1,000 tools (${new Date().toISOString().slice(0, 10)}, ${ROUNDS} rounds; min / median / max)\n`,
    );
    console.log('| told to a window | bytes | made and serialised |');
    console.log('| --- | ---: | ---: |');
    console.log(
      `| the whole catalog view (yardstick) | ${stat(kb(whole.bytes), 'KiB', 1)} | ${stat(whole.ms, 'ms')} |`,
    );
    console.log(
      `| the change (the listed server only) | ${stat(kb(change.bytes), 'KiB', 1)} | ${stat(change.ms, 'ms')} |`,
    );
    const ratio = (a: number[], b: number[]) =>
      sorted(a)[Math.floor(a.length / 2)]! / sorted(b)[Math.floor(b.length / 2)]!;
    console.log(
      `\nmedian: ${ratio(whole.bytes, change.bytes).toFixed(0)}x fewer bytes, ${ratio(whole.ms, change.ms).toFixed(1)}x less time`,
    );
  } finally {
    await host.shutdown();
    await rm(home, { recursive: true, force: true });
  }
}

await main();
