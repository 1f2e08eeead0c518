import { describe, expect, it } from 'vitest';
import { refuseTakenName } from './refuseTakenName';
import { parseConfig } from './serverConfig';

describe('refuseTakenName', () => {
  const parsed = parseConfig({ mcpServers: { notes: { command: 'node', args: ['notes.js'] } } });
  const servers = { configOf: (id: string) => parsed.servers.find((s) => s.name === id) };

  it('refuses a name a server has, naming it, and lets a free one pass', () => {
    expect(() => refuseTakenName(servers, 'notes')).toThrow(
      'A server named "notes" exists already: choose another name',
    );
    expect(() => refuseTakenName(servers, 'weather')).not.toThrow();
  });
});
