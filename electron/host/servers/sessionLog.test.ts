import { describe, expect, it } from 'vitest';
import { LogStore } from '../logs/logStore';
import { Redactor } from '../logs/redactor';
import { SessionLog } from './sessionLog';

const PASSWORD = 'pa"ss\\word\nline two';

function logged() {
  const redactor = new Redactor();
  redactor.add(PASSWORD);
  const logs = new LogStore(redactor);
  return { logs, log: new SessionLog(logs, 'srv') };
}

describe('SessionLog', () => {
  it("a server's log message whose data holds a stored secret (a quote, a backslash, a line break): hidden before it is written out", () => {
    const { logs, log } = logged();
    log.serverMessage({
      level: 'info',
      data: { connecting: { password: PASSWORD, dsn: `postgres://app:${PASSWORD}@db` } },
    });
    const [entry] = logs.entries('srv');
    expect(entry!.text).toBe('{"connecting":{"password":"[redacted]","dsn":"postgres://app:[redacted]@db"}}');
  });

  it('the wire trace hides it too, in JSON held in a string; data nested beyond reason is said, not walked', () => {
    const { logs, log } = logged();
    log.setWireTrace(true);
    log.wire({
      direction: 'send',
      message: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'q', arguments: { sql: JSON.stringify({ pw: PASSWORD }) } },
      },
    });
    log.serverMessage({ level: 'info', data: JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`) });
    const texts = logs.entries('srv').map((e) => e.text);
    expect(texts.at(-2)).toBe(
      `→ ${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'q', arguments: { sql: '{"pw":"[redacted]"}' } } })}`,
    );
    expect(texts.at(-1)).toMatch(
      /^\[not shown: the data of a log message it sent is nested deeper than 100 levels/,
    );
    expect(texts.join('\n')).not.toContain('pa\\"ss');
  });
});
