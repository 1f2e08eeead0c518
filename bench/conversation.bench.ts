// Conversations of 100 (the yardstick), 2,000, 10,000 and 50,000 messages in Chromium: how long each
// takes to open (min / median / max of 5), and the frame times while scrolling the longest, against
// issue 33's targets (open < 150 ms at any length, its cost independent of length; frames < 16.7 ms).
// Run: npx tsx bench/conversation.bench.ts (BENCH_QUICK=1: 100 and 2,000 only)
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromiumAvailable, goTo, startShell } from '../e2e/browser/shellFixture';
import { ConversationStore } from '../electron/store/conversationStore';
import type { ChatMessage } from '../shared/chat/conversation';

const SIZES = process.env.BENCH_QUICK ? [100, 2000] : [100, 2000, 10_000, 50_000];
const ROUNDS = 5;
const FRAMES = 240;

function message(i: number): ChatMessage {
  const at = Date.UTC(2026, 10, 1) + i * 1000;
  if (i % 2 === 0)
    return {
      id: randomUUID(),
      role: 'user',
      at,
      blocks: [{ type: 'text', text: `Question ${i}: how does part ${i} work?` }],
    };
  const text =
    i % 6 === 1
      ? `Answer ${i}.\n\n| step | what |\n| --- | --- |\n| 1 | read |\n| 2 | write |\n\n\`\`\`ts\nconst x${i} = compute(${i});\nconsole.log(x${i});\n\`\`\``
      : `Answer ${i}: **part ${i}** works by ${'reading and writing, '.repeat(1 + (i % 5))}then stopping.`;
  return {
    id: randomUUID(),
    role: 'assistant',
    at,
    model: 'claude-sonnet-5-5',
    stopReason: 'end_turn',
    blocks: [{ type: 'text', text }],
  };
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

const title = (count: number) => `Conversation of ${count} messages`;

async function writeConversation(home: string, count: number): Promise<void> {
  const id = randomUUID();
  const lines = [
    JSON.stringify({
      t: 'meta',
      id,
      title: title(count),
      createdAt: Date.UTC(2026, 10, 1),
      settings: { maxTokens: 4096 },
    }),
  ];
  for (let i = 0; i < count; i++) lines.push(JSON.stringify({ t: 'message', message: message(i) }));
  await writeFile(path.join(home, 'conversations', `${id}.jsonl`), `${lines.join('\n')}\n`);
}

async function main() {
  if (!chromiumAvailable) {
    console.log('skipped: needs Chromium at /usr/bin/chromium');
    return;
  }
  const home = await mkdtemp(path.join(tmpdir(), 'sb-bench-conv-'));
  await writeFile(path.join(home, 'config.json'), JSON.stringify({ mcpServers: {} }));
  await mkdir(path.join(home, 'conversations'));
  for (const count of SIZES) await writeConversation(home, count);
  const shell = await startShell({ servers: {}, home });
  const { page } = shell;
  try {
    await page.goto(shell.url);
    await goTo(page, 'Chats');
    for (const count of SIZES) await page.getByRole('button', { name: new RegExp(title(count)) }).waitFor();
    const opens = new Map<number, number[]>(SIZES.map((c) => [c, []]));
    for (let round = 0; round < ROUNDS; round++)
      // Every size in each round, the order turned each round.
      for (const count of SIZES.map((_, i) => SIZES[(i + round) % SIZES.length]!)) {
        // Away and back, then open: timed in the page from the click to the last answer on screen.
        await page.getByRole('button', { name: 'New chat' }).click();
        await page.waitForTimeout(300);
        opens.get(count)!.push(
          (await page.evaluate(`new Promise((resolve) => {
            const button = [...document.querySelectorAll('.conversation-list button')].find((b) => b.textContent.includes(${JSON.stringify(title(count))}));
            const start = performance.now();
            button.click();
            function check() {
              const log = document.querySelector('[aria-label="Messages"]');
              if (log && /Answer ${count - 1}\\b/.test(log.textContent)) resolve(performance.now() - start);
              else requestAnimationFrame(check);
            }
            requestAnimationFrame(check);
          })`)) as number,
        );
      }
    const longest = SIZES.at(-1)!;
    const domMessages = await page.locator('.message').count();
    // Scrolling up through the longest: older pages are read as the top comes near.
    const frames = (await page.evaluate(`new Promise((resolve) => {
      const el = document.querySelector('[aria-label="Messages"]');
      const times = [];
      let last = performance.now();
      function step(now) {
        times.push(now - last);
        last = now;
        el.scrollTop -= 400;
        if (times.length < ${FRAMES}) requestAnimationFrame(step);
        else resolve(times.slice(1));
      }
      requestAnimationFrame(step);
    })`)) as number[];
    const stat = (xs: number[]) =>
      `${Math.min(...xs).toFixed(0)} / ${pct(xs, 0.5).toFixed(0)} / ${Math.max(...xs).toFixed(0)} ms`;
    const yardstick = pct(opens.get(SIZES[0]!)!, 0.5);
    console.log(
      `\n## Opening a conversation (${new Date().toISOString().slice(0, 10)}, Debian Chromium headless, ${ROUNDS} rounds)\n`,
    );
    console.log(
      '| messages | open: click → last answer on screen (min / median / max) | median / yardstick | target |',
    );
    console.log('| ---: | ---: | ---: | --- |');
    for (const count of SIZES) {
      const median = pct(opens.get(count)!, 0.5);
      console.log(
        `| ${count.toLocaleString('en-US')}${count === SIZES[0] ? ' (yardstick)' : ''} | ${stat(opens.get(count)!)} | ${(median / yardstick).toFixed(2)}x | < 150 ms: ${median < 150 ? 'meets' : `MISSES by ${(median - 150).toFixed(0)} ms`} |`,
      );
    }
    console.log(
      `messages in the DOM with the ${longest.toLocaleString('en-US')}-message one open: ${domMessages} (virtualised)`,
    );
    console.log(
      `scroll up through it, ${FRAMES} frames at 400 px: p50 ${pct(frames, 0.5).toFixed(1)} ms, p95 ${pct(frames, 0.95).toFixed(1)} ms, max ${Math.max(...frames).toFixed(1)} ms; frames over 25 ms: ${frames.filter((f) => f > 25).length}/${frames.length} (target: p95 < 16.7 ms)`,
    );
    // In Node, on the same files (before the shell's stop removes them).
    await searchBench(path.join(home, 'conversations'));
    await firstListBench(path.join(home, 'conversations'));
  } finally {
    await shell.stop();
  }
}

/** The words searched for: one answer deep in the longest, a word in every answer, a title. */
const QUERIES = ['question 31337', 'stopping', 'of 2000 messages'];

/**
 * The yardstick: search as it was before the index — every conversation read whole and its text
 * scanned, on a store whose heads are already built (the same store the app keeps).
 */
async function readEverySearch(store: ConversationStore, query: string): Promise<number> {
  const needle = query.toLowerCase();
  let hits = 0;
  for (const summary of await store.list()) {
    const c = await store.load(summary.id);
    const texts = [
      c.title,
      ...c.messages.flatMap((m) => m.blocks.flatMap((b) => (b.type === 'text' ? [b.text] : []))),
    ];
    if (texts.some((t) => t.toLowerCase().includes(needle))) hits++;
  }
  return hits;
}

/** Search over every conversation above: the index's first search (it builds), then each query 5 times, beside reading every file. */
async function searchBench(dir: string) {
  const store = new ConversationStore(dir);
  await store.list();
  const t0 = performance.now();
  await store.search(QUERIES[0]!);
  const build = performance.now() - t0;
  const indexed: number[] = [];
  const readAll: number[] = [];
  for (let round = 0; round < ROUNDS; round++)
    for (const query of QUERIES) {
      let t = performance.now();
      const found = (await store.search(query)).length;
      indexed.push(performance.now() - t);
      t = performance.now();
      const scanned = await readEverySearch(store, query);
      readAll.push(performance.now() - t);
      if (found !== scanned)
        throw new Error(`"${query}": the index found ${found} conversations, a full read ${scanned}`);
    }
  const stat = (xs: number[]) =>
    `${Math.min(...xs).toFixed(1)} / ${pct(xs, 0.5).toFixed(1)} / ${Math.max(...xs).toFixed(1)} ms`;
  const total = SIZES.reduce((a, b) => a + b, 0).toLocaleString('en-US');
  console.log(
    `\n## Searching every conversation (${total} messages; ${QUERIES.length} queries × ${ROUNDS} rounds)\n`,
  );
  console.log('| search | min / median / max | median / yardstick |');
  console.log('| --- | ---: | ---: |');
  console.log(
    `| every file read and scanned (yardstick: search before the index) | ${stat(readAll)} | 1.00x |`,
  );
  console.log(
    `| over the index (each conversation's file read only for the matched message) | ${stat(indexed)} | ${(pct(indexed, 0.5) / pct(readAll, 0.5)).toFixed(3)}x |`,
  );
  console.log(
    `the first search of a start builds the index (every file read once more): ${build.toFixed(0)} ms`,
  );
}

/**
 * The first list after a start, as a new store (a new launch) makes it: with the heads the last launch
 * kept (heads.json), beside the yardstick of the same list with none kept (every file read). 5 rounds.
 */
async function firstListBench(dir: string) {
  const kept: number[] = [];
  const none: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    await rm(path.join(dir, 'heads.json'), { force: true });
    const cold = new ConversationStore(dir);
    let t = performance.now();
    const listed = (await cold.list()).length;
    none.push(performance.now() - t);
    await cold.close();
    const warm = new ConversationStore(dir);
    t = performance.now();
    const again = (await warm.list()).length;
    kept.push(performance.now() - t);
    if (again !== listed)
      throw new Error(`listed ${listed} conversations, then ${again} from the kept heads`);
  }
  const stat = (xs: number[]) =>
    `${Math.min(...xs).toFixed(0)} / ${pct(xs, 0.5).toFixed(0)} / ${Math.max(...xs).toFixed(0)} ms`;
  const total = SIZES.reduce((a, b) => a + b, 0).toLocaleString('en-US');
  console.log(`\n## The first list after a start (${total} messages, ${ROUNDS} rounds)\n`);
  console.log('| first list | min / median / max | median / yardstick |');
  console.log('| --- | ---: | ---: |');
  console.log(`| every file read (yardstick: no heads kept) | ${stat(none)} | 1.00x |`);
  console.log(
    `| from the heads the last launch kept | ${stat(kept)} | ${(pct(kept, 0.5) / pct(none, 0.5)).toFixed(3)}x |`,
  );
}

await main();
