import { expect, it } from 'vitest';
import { freeName, suggestedName } from './suggestedName';

it.each([
  ['npx', ['-y', '@modelcontextprotocol/server-memory'], 'memory'],
  ['npx', ['-y', '@modelcontextprotocol/server-everything@2026.1.26', 'stdio'], 'everything'],
  ['npx', ['-y', 'weather-mcp'], 'weather'],
  ['uvx', ['mcp-server-git', '--repository', '.'], 'git'],
  ['uvx', ['mcp-server-fetch==2025.4.7'], 'fetch'],
  ['docker', ['run', '-i', '--rm', '-e', 'GITHUB_TOKEN', 'ghcr.io/github/github-mcp-server'], 'github'],
  ['docker', ['run', '-i', '--rm', 'mcp/time:latest'], 'time'],
  ['/usr/bin/node', ['/home/ana/weather-mcp/build/index.js'], 'weather'],
  ['python3', ['-u', 'servers/notes_server.py'], 'notes'],
  ['/opt/tools/acme-mcp-server', [], 'acme'],
])('%s %j → %s', (command, args, name) => {
  expect(suggestedName(command, args)).toBe(name);
});

it('says nothing when the command names nothing', () => {
  expect(suggestedName('npx', ['-y'])).toBeUndefined();
  expect(suggestedName('', [])).toBeUndefined();
});

it('a name in use gets the next number', () => {
  expect(freeName('memory', ['memory', 'memory-2'])).toBe('memory-3');
  expect(freeName('memory', ['everything'])).toBe('memory');
});
