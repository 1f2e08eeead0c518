import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ownershipProblems, ownershipViolations } from './ownership';

describe('one owner per live thing (docs/architecture.md)', () => {
  it('the repository follows it', () => {
    expect(ownershipViolations(path.resolve(__dirname, '../..'))).toEqual([]);
  });

  it.each([
    // The shapes the host once had, planted again.
    [
      'electron/host/hostService.ts',
      'const client = this.host.registry.get(id)?.client as McpClient;',
      /only the server session/,
    ],
    ['electron/web/main.ts', 'onAllClosed: () => host.consent.closeAll(),', /not host\.consent/],
    ['electron/main/index.ts', 'void host.registry.startAll();', /not host\.registry/],
    ['electron/main/index.ts', 'const service = new HostService(host, {});', /host\.serve\(\)/],
    ['electron/web/main.ts', 'const service = hostService(host, {});', /host\.serve\(\)/],
    ['shared/ipc/contract.ts', ']) as unknown as z.ZodType<ServerDraft>;', /casts through unknown/],
  ])('%s with `%s` is a violation', (file, source, message) => {
    expect(ownershipProblems(file, source).join('\n')).toMatch(message);
  });

  it.each([
    ['electron/host/servers/serverSession.ts', 'private live: { client: McpClient } | undefined;'],
    [
      'electron/main/index.ts',
      'host = await Host.create({ home }); host.serve({}); void host.start(); host.lastWindowClosed();',
    ],
    ['electron/host/host.test.ts', 'const x = y as unknown as Z;'],
    ['electron/host/x.ts', '// an `as unknown as` in a comment is no cast'],
  ])('%s with `%s` is fine', (file, source) => {
    expect(ownershipProblems(file, source)).toEqual([]);
  });
});
