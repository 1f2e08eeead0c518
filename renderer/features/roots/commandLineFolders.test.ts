import { describe, expect, it } from 'vitest';
import { commandLineFolders } from './commandLineFolders';

describe('folders on a command line', () => {
  it('finds the folders a server was started with, not its program or script files', () => {
    expect(
      commandLineFolders({
        kind: 'stdio',
        target: 'npx -y @modelcontextprotocol/server-filesystem /Users/ada/Desktop ~/projects',
      }),
    ).toEqual(['/Users/ada/Desktop', '~/projects']);
    expect(commandLineFolders({ kind: 'stdio', target: '/usr/bin/node /opt/server/index.js stdio' })).toEqual(
      [],
    );
    expect(commandLineFolders({ kind: 'stdio', target: 'fs C:\\Users\\ada\\Documents' })).toEqual([
      'C:\\Users\\ada\\Documents',
    ]);
    expect(commandLineFolders({ kind: 'remote', target: 'https://x/mcp' })).toEqual([]);
  });
});
