import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { tempDirPerTest } from '../../../e2e/fixtures/tempDir';
import { AppLog } from './appLog';
import { REDACTED, Redactor } from './redactor';

let home: string;
tempDirPerTest('sb-applog-', (dir) => {
  home = dir;
});

it('an error quoting a stored secret is written to host.log and the terminal with the secret hidden', async () => {
  const redactor = new Redactor();
  const secret = 'pa"ss\\word-8c1f';
  redactor.add(secret);
  const printed: string[] = [];
  const log = new AppLog(
    path.join(home, 'logs', 'app', 'host.log'),
    (t) => printed.push(t),
    (t) => redactor.redact(t),
  );
  log.error(
    `server "files" sent {"token": ${JSON.stringify(secret)}} and ${secret}; Bearer abcdefgh12345678`,
  );
  await log.flush();
  const written = await readFile(path.join(home, 'logs', 'app', 'host.log'), 'utf8');
  for (const text of [written, printed.join('')]) {
    expect(text).not.toContain('8c1f');
    expect(text).not.toContain('abcdefgh12345678');
    expect(text).toContain(REDACTED);
  }
});

it('a warning is a line of its own level, redacted alike', async () => {
  const redactor = new Redactor();
  redactor.add('sk-warn-5e1d');
  const printed: string[] = [];
  const log = new AppLog(
    path.join(home, 'host.log'),
    (t) => printed.push(t),
    (t) => redactor.redact(t),
  );
  log.warn('a title could not be had: key sk-warn-5e1d refused');
  await log.flush();
  const written = await readFile(path.join(home, 'host.log'), 'utf8');
  expect(written).toBe(printed.join(''));
  expect(written).toMatch(/^\S+ WARN a title could not be had: key \S+ refused\n$/);
  expect(written).not.toContain('5e1d');
});
