import { describe, expect, it } from 'vitest';
import type { CatalogTool } from '../catalog/catalog';
import { ToolIndex } from './toolIndex';

const entry = (server: string, name: string, description: string, params: Record<string, string> = {}) => {
  const inputSchema = {
    type: 'object' as const,
    properties: Object.fromEntries(
      Object.entries(params).map(([p, d]) => [p, { type: 'string', description: d }]),
    ),
  };
  const catalog: CatalogTool = {
    name: `${server}__${name}`,
    server,
    tool: { name, description, inputSchema },
    enabled: true,
    alwaysOffer: false,
  };
  return { catalog, spec: { name: catalog.name, description, inputSchema } };
};

const tools = [
  entry('github', 'createPullRequest', 'Open a pull request', { base: 'Branch to merge into' }),
  entry('github', 'list_issues', 'Issues of a repository'),
  entry('weather', 'get_forecast', 'Forecast for a city', { city: 'City name' }),
  entry('files', 'read_file', 'Read a file', { path: 'Where the file is' }),
];
const shared = new ToolIndex(tools);
/** A conversation offering every tool above. */
const index = shared.among(tools.map((t) => t.spec.name));

describe('the tool index the model searches', () => {
  it('finds by words of a name (snake, camel), description, server and parameter descriptions', () => {
    expect(index.find('pull request')[0]?.name).toBe('github__createPullRequest');
    expect(index.find('forecast')[0]?.name).toBe('weather__get_forecast');
    expect(index.find('merge branch')[0]?.name).toBe('github__createPullRequest');
    expect(
      index
        .find('github')
        .map((t) => t.name)
        .sort(),
    ).toEqual(['github__createPullRequest', 'github__list_issues']);
    // A small typo and a prefix still find it.
    expect(index.find('forcast')[0]?.name).toBe('weather__get_forecast');
    expect(index.find('iss')[0]?.name).toBe('github__list_issues');
  });

  it('the model’s search: bounded, the names kept as structured content; an empty query is an error it can read', () => {
    const one = index.run({ query: 'file', limit: 1 });
    expect(one.structuredContent).toEqual({ query: 'file', tools: ['files__read_file'] });
    expect(one.content[0]).toMatchObject({
      text: expect.stringContaining('- files__read_file: Read a file (parameters: path)'),
    });
    expect(
      (index.run({ query: 'a', limit: 1000 }).structuredContent as { tools: string[] }).tools.length,
    ).toBeLessThanOrEqual(10);
    expect(index.run({ query: 'zebra crossing' })).toMatchObject({ structuredContent: { tools: [] } });
    expect(index.run({ query: '  ' }).isError).toBe(true);
    expect(index.run({}).isError).toBe(true);
    expect(index.searchSpec().description).toContain(
      'among 4 tools from 3 MCP servers (files, github, weather)',
    );
  });

  it('kept between turns: only tools added, removed or changed (a list_changed) are indexed again', () => {
    const weather = entry('weather', 'get_forecast', 'Forecast for a city', { city: 'City name' });
    const files = entry('files', 'read_file', 'Read a file', { path: 'Where the file is' });
    const kept = new ToolIndex([weather, files]);
    const names = ['weather__get_forecast', 'weather__radar', 'files__read_file'];
    const find = (query: string) => kept.among(names).find(query);
    expect(kept.indexedCount).toBe(2);
    // The same lists again (another turn): nothing indexed.
    kept.update([weather, files]);
    expect(kept.indexedCount).toBe(2);
    // The weather server listed anew (list_changed): its tool is a new object, with new words.
    const renamed = entry('weather', 'get_forecast', 'Hourly outlook for a town', { city: 'City name' });
    const radar = entry('weather', 'radar', 'Rain radar images');
    kept.update([renamed, radar, files]);
    expect(kept.indexedCount).toBe(4);
    expect(find('outlook')[0]?.name).toBe('weather__get_forecast');
    expect(find('forecast city')[0]?.name).toBe('weather__get_forecast');
    expect(find('radar').map((t) => t.name)).toEqual(['weather__radar']);
    // Gone from the server's list: gone from the index.
    kept.update([renamed, files]);
    expect(find('radar')).toEqual([]);
    expect(kept.size).toBe(2);
  });

  it('a conversation searches its own tools only (those it leaves out are never found)', () => {
    const own = shared.among(['github__list_issues', 'files__read_file']);
    expect(own.size).toBe(2);
    expect(own.find('pull request merge branch').map((t) => t.name)).not.toContain(
      'github__createPullRequest',
    );
    expect(own.run({ query: 'forecast city' }).structuredContent).toEqual({
      query: 'forecast city',
      tools: [],
    });
    expect(own.searchSpec().description).toContain('among 2 tools from 2 MCP servers (files, github)');
    expect(own.spec('weather__get_forecast')).toBeUndefined();
  });
});
