// `npx tsx scripts/heapDiff.ts BEFORE.heapsnapshot AFTER.heapsnapshot [--top N]`
// What a heap holds more of later than before (for the soak's --heap-snapshots): objects counted and
// their own sizes summed by kind and constructor name in each V8 heap snapshot, the differences largest
// first. Strings are grouped by their first 40 characters, so a growing list of the same text shows.
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

function tally(file: string): Map<string, { count: number; size: number }> {
  const heap = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  const fields = heap.snapshot.meta.node_fields;
  const width = fields.length;
  const at = (name: string) => fields.indexOf(name);
  const [typeAt, nameAt, sizeAt] = [at('type'), at('name'), at('self_size')];
  const types = heap.snapshot.meta.node_types[0];
  const out = new Map<string, { count: number; size: number }>();
  for (let i = 0; i < heap.nodes.length; i += width) {
    const type = types[heap.nodes[i + typeAt]!]!;
    let name = heap.strings[heap.nodes[i + nameAt]!] ?? '';
    if (type === 'string' || type === 'concatenated string' || type === 'sliced string')
      name = JSON.stringify(name.slice(0, 40));
    const key = `${type} ${name}`;
    const t = out.get(key) ?? { count: 0, size: 0 };
    t.count++;
    t.size += heap.nodes[i + sizeAt]!;
    out.set(key, t);
  }
  return out;
}

const [before, after, ...rest] = process.argv.slice(2);
if (!before || !after) {
  console.error('Usage: npx tsx scripts/heapDiff.ts BEFORE.heapsnapshot AFTER.heapsnapshot [--top N]');
  process.exit(2);
}
const top = rest[0] === '--top' ? Number(rest[1]) : 30;
const a = tally(before);
const b = tally(after);
const rows = [...new Set([...a.keys(), ...b.keys()])].map((key) => {
  const x = a.get(key) ?? { count: 0, size: 0 };
  const y = b.get(key) ?? { count: 0, size: 0 };
  return { key, count: y.count - x.count, size: y.size - x.size, total: y.size };
});
rows.sort((p, q) => q.size - p.size);
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
console.log('| kind and name | objects added | own size added | own size after |');
console.log('| --- | ---: | ---: | ---: |');
for (const r of rows.slice(0, top))
  console.log(
    `| ${r.key.slice(0, 90).replace(/\|/g, '\\|')} | ${r.count} | ${kb(r.size)} | ${kb(r.total)} |`,
  );
const sum = (m: Map<string, { size: number }>) => [...m.values()].reduce((s, t) => s + t.size, 0);
console.log(`\nwhole heap: ${kb(sum(a))} → ${kb(sum(b))}`);
