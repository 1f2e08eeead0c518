import { expect, it } from 'vitest';
import type { ActivityBody } from './activity';
import { activityWords } from './activityWords';

const server = (more: Partial<Extract<ActivityBody, { kind: 'server' }>>): ActivityBody => ({
  kind: 'server',
  server: 'server-memory',
  change: 'changed',
  via: 'editor',
  ...more,
});

it('says how a server changed in one phrase, an update from its registry as "updated"', () => {
  expect(activityWords(server({}))).toBe('server-memory changed by hand');
  expect(
    activityWords(server({ change: 'added', via: 'registry', detail: 'io.github.x/memory@1.0.0' })),
  ).toBe('server-memory added from the MCP Registry (io.github.x/memory@1.0.0)');
  expect(activityWords(server({ via: 'update', detail: 'io.github.x/memory@1.1.0' }))).toBe(
    'server-memory updated from its registry (io.github.x/memory@1.1.0)',
  );
});
