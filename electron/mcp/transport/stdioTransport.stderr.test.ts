import { expect, it } from 'vitest';
import { STDERR_CUT, StdioTransport } from './stdioTransport';

/** A child that writes `text` to stderr (in pieces, as a real program would) and then exits. */
function writer(text: string) {
  const script = `const t = ${JSON.stringify(text)}; for (let i = 0; i < t.length; i += 3000) process.stderr.write(t.slice(i, i + 3000)); setTimeout(() => process.exit(0), 50);`;
  return new StdioTransport({ command: process.execPath, args: ['-e', script], label: 'stderr-writer' });
}

it('a stderr line past its length is cut with a mark, and the rest of that line is dropped, never logged as a line of its own', async () => {
  const long = `${'a'.repeat(20 * 1024)}SECRET-TAIL-7c1f`;
  const transport = writer(`first\n${long}\nlast\n`);
  const lines: string[] = [];
  transport.onLog((l) => {
    if (l.source === 'stderr') lines.push(l.text);
  });
  const closed = new Promise<void>((resolve) => transport.onClose(() => resolve()));
  await transport.start();
  await closed;
  expect(lines[0]).toBe('first');
  expect(lines[1]!.endsWith(STDERR_CUT)).toBe(true);
  expect(lines[1]!.length).toBe(16 * 1024 + STDERR_CUT.length);
  expect(lines.slice(2)).toEqual(['last']);
  expect(lines.join('\n')).not.toContain('SECRET-TAIL');
});
