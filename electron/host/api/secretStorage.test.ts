import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { tempDirPerTest } from '../../../e2e/fixtures/tempDir';
import { Host } from '../host';
import { hostService } from '../hostService';

let home: string;
tempDirPerTest('sb-secret-storage-', (d) => {
  home = d;
});

it('secrets are said to be held only once the person has one: the shell’s own session key is not theirs', async () => {
  await writeFile(path.join(home, 'config.json'), JSON.stringify({ mcpServers: {} }));
  const host = await Host.create({ home });
  try {
    const service = hostService(host, { ownSecrets: ['web/session-key'] });
    expect(await service.secretStorage()).toEqual({ encrypted: false, holdsSecrets: false });
    await host.secrets.set('web/session-key', 'a'.repeat(64));
    expect(await service.secretStorage()).toEqual({ encrypted: false, holdsSecrets: false });
    await host.secrets.set('notes/env/TOKEN@/usr/bin/notes', 'the person’s');
    expect(await service.secretStorage()).toEqual({ encrypted: false, holdsSecrets: true });
  } finally {
    await host.shutdown();
  }
});
