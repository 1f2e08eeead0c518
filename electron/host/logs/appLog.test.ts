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
