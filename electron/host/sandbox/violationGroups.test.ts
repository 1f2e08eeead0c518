import { describe, expect, it } from 'vitest';
import { denialOfLine, readDenialOfOutput, ViolationGroups } from './violationGroups';

describe('denials, as the runtime and the server say them', () => {
  it("reads the runtime's lines: a connection, a write by any system call, a macOS read", () => {
    expect(denialOfLine('deny network-outbound api.example.com:443 (host is not on the allow list)')).toEqual(
      {
        access: 'network',
        target: 'api.example.com:443',
      },
    );
    expect(denialOfLine('deny openat /home/ann/out.txt')).toEqual({
      access: 'write',
      target: '/home/ann/out.txt',
    });
    expect(denialOfLine('deny unlinkat /home/ann/a b.txt')).toEqual({
      access: 'write',
      target: '/home/ann/a b.txt',
    });
    expect(denialOfLine('deny file-write-create /Users/ann/x')).toEqual({
      access: 'write',
      target: '/Users/ann/x',
    });
    expect(denialOfLine('deny file-read-data /Users/ann/.ssh/id_rsa')).toEqual({
      access: 'read',
      target: '/Users/ann/.ssh/id_rsa',
    });
    expect(denialOfLine('something else')).toBeUndefined();
  });

  it('a failed open inside a hidden place is a denied read; elsewhere, or allowed, it is not', () => {
    const hidden = ['/home/ann/.ssh', '/home/ann/.aws'];
    expect(
      readDenialOfOutput(
        "Error: ENOENT: no such file or directory, open '/home/ann/.ssh/id_ed25519'",
        hidden,
        [],
      ),
    ).toEqual({
      access: 'read',
      target: '/home/ann/.ssh/id_ed25519',
    });
    expect(
      readDenialOfOutput("ENOENT: no such file or directory, open '/home/ann/notes.txt'", hidden, []),
    ).toBeUndefined();
    expect(readDenialOfOutput('reading /home/ann/.aws/config went fine', hidden, [])).toBeUndefined();
    expect(
      readDenialOfOutput('EACCES /home/ann/.aws/config', hidden, ['/home/ann/.aws/config']),
    ).toBeUndefined();
  });

  it('groups repeats: the first of each is news, the rest count up; the card keeps the newest 50', () => {
    const groups = new ViolationGroups('/home/ann', () => ({ rule: 'x' }));
    expect(groups.add({ access: 'network', target: 'a.example:443' }, 1)).toBe(true);
    expect(groups.add({ access: 'network', target: 'a.example:443' }, 2)).toBe(false);
    expect(groups.list()).toEqual([
      expect.objectContaining({
        id: 'network:a.example:443',
        count: 2,
        first: 1,
        last: 2,
        text: 'tried to reach a.example:443',
      }),
    ]);
    for (let i = 0; i < 60; i++) groups.add({ access: 'write', target: `/home/ann/f${i}` }, 10 + i);
    expect(groups.list()).toHaveLength(50);
    expect(groups.dropped).toBe(11);
    expect(groups.list()[0]?.text).toBe('tried to write ~/f59');
  });
});
