import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { silentSkips, skipProblems } from './skips';

describe('every skipped test says why (docs/architecture.md)', () => {
  it('no test file skips silently', () => {
    expect(silentSkips(path.resolve(__dirname, '../..'))).toEqual([]);
  });

  it.each([
    ["describe.skipIf(process.platform === 'win32')('x', () => {});", /does not say why/],
    ["describe.skipIf(skipWhen(a, 'why') || b)('x', () => {});", /\.skipIf\(b\) does not say why/],
    ["it.runIf(linux)('x', () => {});", /\.runIf/],
    ["describe.skip('x', () => {});", /\.skip —/],
    ["it.todo('x');", /\.todo/],
    ["it.only('x', () => {});", /\.only/],
    ["const noX = process.env.X === undefined;\ndescribe.skipIf(noX)('x', () => {});", /noX\) does not say/],
    ["it('x', (ctx) => { console.log('why'); ctx.skip(); });", /ctx\.skip\(\) does not say why/],
  ])('%s is a silent skip', (source, problem) => {
    expect(skipProblems('e2e/x.test.ts', source).join('\n')).toMatch(problem);
  });

  it.each([
    ["describe.skipIf(skipWhen(process.platform === 'win32', 'POSIX only'))('x', () => {});"],
    [
      "const noSandbox = await skipWithoutSandbox('the x tests');\ndescribe.skipIf(noSandbox)('x', () => {});",
    ],
    [
      "const noSandbox = await skipWithoutSandbox('x');\nconst notLinux = skipWhen(a, 'b');\ndescribe.skipIf(noSandbox || notLinux)('x', () => {});",
    ],
    ["const noElectron = electronMissing('x');\ndescribe.skipIf(noElectron)('x', () => {});"],
    ["it('x', (ctx) => { ctx.skip(skipWhen(true, 'no openssl')); });"],
  ])('%s says why', (source) => {
    expect(skipProblems('e2e/x.test.ts', source)).toEqual([]);
  });
});
