import { describe, expect, it } from 'vitest';
import { launchDiff } from './launchDiff';

describe('launchDiff', () => {
  it('lines up a local launch before and after: the command line, each env variable, secrets as stored', () => {
    const rows = launchDiff(
      {
        kind: 'stdio',
        launch: {
          command: 'npx',
          args: ['-y', 'weather@1.0.0'],
          env: [
            { name: 'API_KEY', secret: true },
            { name: 'OLD', value: 'x' },
            { name: 'UNITS', value: 'metric' },
          ],
        },
      },
      {
        kind: 'stdio',
        launch: {
          command: 'npx',
          args: ['-y', 'weather@1.1.0', '--fast'],
          env: [
            { name: 'API_KEY', secret: true },
            { name: 'NEW', value: 'y' },
            { name: 'UNITS', value: 'imperial' },
          ],
        },
      },
    );
    expect(rows).toEqual([
      {
        what: 'Runs',
        before: 'npx -y weather@1.0.0',
        after: 'npx -y weather@1.1.0 --fast',
        change: 'changed',
      },
      { what: 'env API_KEY', before: 'a stored secret', after: 'a stored secret', change: 'same' },
      { what: 'env NEW', after: 'y', change: 'added' },
      { what: 'env OLD', before: 'x', change: 'removed' },
      { what: 'env UNITS', before: 'metric', after: 'imperial', change: 'changed' },
    ]);
  });

  it('a local server that becomes a remote one: what goes and what comes', () => {
    const rows = launchDiff(
      { kind: 'stdio', launch: { command: 'uvx', args: ['w==1'], env: [] } },
      {
        kind: 'remote',
        url: 'https://mcp.example.com/mcp',
        transport: 'http',
        headers: [{ name: 'Authorization', secret: true }],
      },
    );
    expect(rows.map((r) => [r.what, r.change])).toEqual([
      ['Runs', 'removed'],
      ['URL', 'added'],
      ['Transport', 'added'],
      ['header Authorization', 'added'],
    ]);
  });
});
