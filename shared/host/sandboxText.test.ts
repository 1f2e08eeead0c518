import { describe, expect, it } from 'vitest';
import { sandboxDetail, sandboxGrants } from './sandboxText';

describe('sandbox text', () => {
  it('always says what a confined server may also write, reach and read, "(none)" included', () => {
    expect(sandboxGrants({})).toEqual([
      { label: 'may also write', items: [] },
      { label: 'may reach', items: [] },
      { label: 'may read', items: [] },
    ]);
    expect(sandboxDetail({}).split('\n')[0]).toBe(
      'Runs sandboxed — may also write: (none); may reach: (none); may read: (none).',
    );
  });

  it('lists the rules as written, the writable roots in words, and what they narrow only where they do', () => {
    const rules = {
      filesystem: { allowWrite: ['~/work'], allowRead: ['~/.aws/credentials'], denyRead: ['~/private'] },
      network: { allowedDomains: ['example.com', 'api.example.com:8443'], deniedDomains: ['evil.example'] },
      rootsWritable: true,
    };
    expect(sandboxGrants(rules)).toEqual([
      { label: 'may also write', items: ['~/work', 'the folders you give it'] },
      { label: 'may reach', items: ['example.com', 'api.example.com:8443'] },
      { label: 'may read', items: ['~/.aws/credentials'] },
      { label: 'also hidden', items: ['~/private'] },
      { label: 'never reached', items: ['evil.example'] },
    ]);
    expect(sandboxDetail(rules)).toBe(
      'Runs sandboxed — may also write: ~/work, the folders you give it; may reach: example.com, api.example.com:8443; may read: ~/.aws/credentials; also hidden: ~/private; never reached: evil.example.\n' +
        "Your keys, credentials, browser profiles and Switchboard's data are hidden from it; it writes to a folder of its own, and a launcher such as npx or uvx still reaches its package registry.",
    );
  });

  it('says an unconfined launch runs with the person’s rights', () => {
    expect(sandboxDetail(undefined)).toBe(
      'Runs with your full rights: it can read, write and reach everything you can.',
    );
  });

  it('escapes hidden characters for a native dialog (a rule may come from a registry entry)', () => {
    expect(sandboxDetail({ network: { allowedDomains: ['exa\u202Emple.com'] } })).toContain(
      'may reach: exa\\u{202E}mple.com;',
    );
  });
});
