import { describe, expect, it } from 'vitest';
import { publisherOf } from './publisher';

describe('publisherOf', () => {
  it('names the GitHub account of an io.github entry, and the domain of a reverse-DNS one', () => {
    expect(publisherOf('io.github.domdomegg/airtable-mcp-server')).toBe('domdomegg');
    expect(publisherOf('com.example.mcp/weather')).toBe('mcp.example.com');
    expect(publisherOf('io.modelcontextprotocol.anonymous/mcp-fs')).toBe('anonymous.modelcontextprotocol.io');
  });

  it('names no one for a name without a namespace', () => {
    expect(publisherOf('weather')).toBe('');
    expect(publisherOf('/weather')).toBe('');
  });
});
