import { describe, expect, it } from 'vitest';
import { only, preview, refusal, vscode } from '../../../../e2e/fixtures/installLinkTestkit';

describe('VS Code links (vscode:mcp/install?{URL-encoded JSON})', () => {
  it('reads the example of the VS Code docs ("URL handler": the --add-mcp object, URL-encoded)', () => {
    // docs/copilot/chat/mcp-servers.md: code --add-mcp "{\"name\":\"my-server\",\"command\": \"uvx\",\"args\": [\"mcp-server-fetch\"]}"
    const link =
      'vscode:mcp/install?%7B%22name%22%3A%22my-server%22%2C%22command%22%3A%22uvx%22%2C%22args%22%3A%5B%22mcp-server-fetch%22%5D%7D';
    const p = preview(link, 'opened by the system');
    expect(p.origin).toEqual({ format: 'vscode', app: 'VS Code', from: 'opened by the system' });
    const server = only(link);
    expect(server.config).toMatchObject({
      name: 'my-server',
      kind: 'stdio',
      command: 'uvx',
      args: ['mcp-server-fetch'],
    });
    expect(server.config.raw).toEqual({ command: 'uvx', args: ['mcp-server-fetch'] });
    expect(server.warnings).toEqual([]);
  });

  it('reads the links of VS Code\'s curated list (code.visualstudio.com/mcp), "gallery" left out', () => {
    const github =
      'vscode:mcp/install?%7B%22name%22%3A%22github%22%2C%22gallery%22%3Atrue%2C%22url%22%3A%22https%3A%2F%2Fapi.githubcopilot.com%2Fmcp%2F%22%7D';
    expect(only(github).config).toMatchObject({
      name: 'github',
      kind: 'remote',
      url: 'https://api.githubcopilot.com/mcp/',
      type: 'auto',
    });
    expect(only(github).warnings).toEqual([]);
    const context7 =
      'vscode:mcp/install?%7B%22name%22%3A%22context7%22%2C%22gallery%22%3Atrue%2C%22command%22%3A%22npx%22%2C%22args%22%3A%5B%22-y%22%2C%22%40upstash%2Fcontext7-mcp%40latest%22%5D%7D';
    expect(only(context7).config).toMatchObject({
      command: 'npx',
      args: ['-y', '@upstash/context7-mcp@latest'],
    });
  });

  it("reads vscode-insiders: links (the Microsoft Learn MCP server's README badge)", () => {
    const link =
      'vscode-insiders:mcp/install?%7B%22name%22%3A%22microsoft-docs%22%2C%22gallery%22%3Atrue%2C%22url%22%3A%22https%3A%2F%2Flearn.microsoft.com%2Fapi%2Fmcp%22%7D';
    expect(preview(link).origin).toEqual({ format: 'vscode-insiders', app: 'VS Code Insiders' });
    expect(only(link).config).toMatchObject({ kind: 'remote', url: 'https://learn.microsoft.com/api/mcp' });
  });

  // biome-ignore lint/suspicious/noTemplateCurlyInString: VS Code's variable syntax, as links write it
  it("an ${input:…} value needs the person's value, with the input's description (the docs' Perplexity example)", () => {
    const server = only(
      vscode({
        name: 'Perplexity',
        type: 'stdio',
        command: 'npx',
        args: ['-y', 'server-perplexity-ask'],
        // biome-ignore lint/suspicious/noTemplateCurlyInString: VS Code's variable syntax, as links write it
        env: { PERPLEXITY_API_KEY: '${input:perplexity-key}' },
        inputs: [
          { type: 'promptString', id: 'perplexity-key', description: 'Perplexity API Key', password: true },
        ],
      }),
    );
    expect(server.config).toMatchObject({
      kind: 'stdio',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: VS Code's variable syntax, as links write it
      env: { PERPLEXITY_API_KEY: '${input:perplexity-key}' },
    });
    expect(server.config.raw).not.toHaveProperty('type');
    expect(server.needsValue).toEqual([
      { field: 'env', name: 'PERPLEXITY_API_KEY', hint: 'Perplexity API Key' },
    ]);
    expect(server.secretLooking).toEqual([]);
  });

  it('refuses what VS Code itself would not read', () => {
    expect(refusal('vscode:mcp/install?%7B%22name%22%3A')).toMatch(/not valid JSON/);
    expect(refusal('vscode:mcp/install?%E0%A4%A')).toMatch(/not validly URL-encoded/);
    expect(refusal('vscode:mcp/install')).toMatch(/no server after "\?"/);
    expect(refusal('vscode:extension/ms-python.python')).toMatch(/only as vscode:mcp\/install/);
    expect(refusal(vscode({ command: 'npx' }))).toMatch(/no "name"/);
    expect(refusal(vscode(['npx']))).toMatch(/not a JSON object/);
    expect(
      refusal(`vscode:mcp/install?name=x&config=${encodeURIComponent('{"url":"https://a.example"}')}`),
    ).toMatch(/VS Code does not read/);
  });
});
