import { describe, expect, it } from 'vitest';
import { only, preview, refusal } from '../../../../e2e/fixtures/installLinkTestkit';

describe('Goose links (goose://extension?…)', () => {
  it("reads a local server from Goose's docs (AgentQL): env values are prompts, never values", () => {
    const link =
      'goose://extension?cmd=npx&arg=-y&arg=agentql-mcp&id=agentql&name=AgentQL&description=Transform%20unstructured%20web%20content%20into%20structured%20data&env=AGENTQL_API_KEY%3DAgentQL%20API%20Key';
    expect(preview(link).origin).toEqual({ format: 'goose', app: 'Goose' });
    expect(preview(link).warnings).toEqual([]);
    const server = only(link);
    expect(server.config).toMatchObject({
      name: 'AgentQL',
      kind: 'stdio',
      command: 'npx',
      args: ['-y', 'agentql-mcp'],
      env: { AGENTQL_API_KEY: '' },
    });
    expect(server.description).toBe('Transform unstructured web content into structured data');
    expect(server.needsValue).toEqual([{ field: 'env', name: 'AGENTQL_API_KEY', hint: 'AgentQL API Key' }]);
  });

  it('reads a remote server from Goose\'s docs (GitHub): streamable_http, a header split at its first "="', () => {
    const link =
      'goose://extension?type=streamable_http&url=https%3A%2F%2Fapi.githubcopilot.com%2Fmcp%2F&id=github&name=GitHub&description=GitHub%20repository%20management%20and%20operations&header=Authorization%3DBearer%20YOUR_GITHUB_PERSONAL_ACCESS_TOKEN';
    const server = only(link);
    expect(server.config).toMatchObject({
      name: 'GitHub',
      kind: 'remote',
      url: 'https://api.githubcopilot.com/mcp/',
      type: 'http',
      headers: { Authorization: 'Bearer YOUR_GITHUB_PERSONAL_ACCESS_TOKEN' },
    });
    expect(server.needsValue).toEqual([{ field: 'headers', name: 'Authorization' }]);
    const withEquals = only(
      'goose://extension?url=https%3A%2F%2Fa.example&name=a&header=X-Key%3Dab%3D%3D&type=sse',
    );
    expect(withEquals.config).toMatchObject({ type: 'sse', headers: { 'X-Key': 'ab==' } });
  });

  it("reads the link of Goose's own handler test (no description, a loopback http URL), and its timeout in seconds", () => {
    const server = only(
      'goose://extension?type=streamable_http&url=http%3A%2F%2Flocalhost%3A8788%2Fmcp&name=Envoy&timeout=300',
    );
    expect(server.config).toMatchObject({
      url: 'http://localhost:8788/mcp',
      type: 'http',
      requestTimeoutMs: 300_000,
    });
    expect(server.warnings).toEqual([]);
    expect(only('goose://extension?url=http%3A%2F%2Fmcp.example%2F&name=a').warnings).toContainEqual(
      expect.stringMatching(/plain http/),
    );
    expect(only('goose://extension?cmd=npx&name=a&timeout=soon').warnings).toContainEqual(
      expect.stringMatching(/timeout=soon left out/),
    );
  });

  it('says which parameters it left out', () => {
    expect(preview('goose://extension?cmd=npx&name=a&bundled=true').warnings).toEqual([
      'left out parameters Switchboard does not use: bundled',
    ]);
  });

  it('refuses a link with neither or both of cmd and url, a bad type, or no name', () => {
    expect(refusal('goose://extension?name=a')).toMatch(/neither "cmd".*nor "url"/);
    expect(refusal('goose://extension?name=a&cmd=npx&url=https%3A%2F%2Fa.example')).toMatch(
      /both "cmd" and "url"/,
    );
    expect(refusal('goose://extension?name=a&url=https%3A%2F%2Fa.example&type=websocket')).toMatch(
      /not streamable_http or sse/,
    );
    expect(refusal('goose://extension?cmd=npx')).toMatch(/no "name"/);
    expect(refusal('goose://extension?name=a&url=https%3A%2F%2Fa.example&header=novalue')).toMatch(
      /not Name=value/,
    );
    expect(refusal('goose://recipe?config=x')).toMatch(/only as goose:\/\/extension/);
  });
});
