import { describe, expect, it } from 'vitest';
import { b64, only, preview, refusal, vscode } from '../../../../e2e/fixtures/installLinkTestkit';

// The https forms of install links, as READMEs write them (the links below are the shapes of real
// badges: github/github-mcp-server, awslabs, firecrawl, mobile-next, LM Studio's and Goose's docs).
describe('https install links: read as the app link they stand for', () => {
  const entry = {
    command: 'npx',
    args: ['-y', 'firecrawl-mcp'],
    env: { FIRECRAWL_API_KEY: ['${input', 'apiKey}'].join(':') },
  };
  const inputs = [{ type: 'promptString', id: 'apiKey', description: 'Firecrawl API Key', password: true }];

  it('VS Code (vscode.dev and insiders.vscode.dev): the same preview as its vscode: link, inputs included', () => {
    const q = `name=firecrawl&inputs=${encodeURIComponent(JSON.stringify(inputs))}&config=${encodeURIComponent(JSON.stringify(entry))}`;
    const app = preview(vscode({ name: 'firecrawl', ...entry, inputs }));
    for (const web of [
      `https://insiders.vscode.dev/redirect/mcp/install?${q}`,
      `https://vscode.dev/redirect/mcp/install?${q}`,
    ])
      expect(preview(web), web).toEqual(app);
    // The Insiders badge.
    const insiders = preview(`https://insiders.vscode.dev/redirect/mcp/install?${q}&quality=insiders`);
    expect(insiders.origin).toEqual({ format: 'vscode-insiders', app: 'VS Code Insiders' });
    expect(insiders.install).toEqual(app.install);
    // A remote server, as github-mcp-server's badge writes it.
    const remote = only(
      'https://insiders.vscode.dev/redirect/mcp/install?name=github&config=%7B%22type%22%3A%20%22http%22%2C%22url%22%3A%20%22https%3A%2F%2Fapi.githubcopilot.com%2Fmcp%2F%22%7D',
    );
    expect(remote.config).toMatchObject({
      name: 'github',
      kind: 'remote',
      url: 'https://api.githubcopilot.com/mcp/',
    });
  });

  it('Cursor (cursor.com/install-mcp, with or without a language) and LM Studio (lmstudio.ai/install-mcp)', () => {
    const q = `name=firecrawl&config=${encodeURIComponent(b64({ command: 'npx', args: ['-y', 'firecrawl-mcp'] }))}`;
    const cursor = preview(`cursor://anysphere.cursor-deeplink/mcp/install?${q}`);
    for (const web of [
      `https://cursor.com/en/install-mcp?${q}`,
      `https://cursor.com/install-mcp?${q}`,
      `https://www.cursor.com/en-US/install-mcp?${q}`,
    ])
      expect(preview(web), web).toEqual(cursor);
    expect(preview(`https://lmstudio.ai/install-mcp?${q}`)).toEqual(preview(`lmstudio://add_mcp?${q}`));
  });

  it('Goose (block.github.io/goose/extension)', () => {
    const q =
      'cmd=npx&arg=-y&arg=%40mobilenext%2Fmobile-mcp%40latest&id=mobile-mcp&name=Mobile%20MCP&description=Mobile%20automation';
    const goose = preview(`goose://extension?${q}`);
    expect(preview(`https://block.github.io/goose/extension?${q}`)).toEqual(goose);
    expect(only(`https://block.github.io/goose/extension?${q}`).config).toMatchObject({
      command: 'npx',
      args: ['-y', '@mobilenext/mobile-mcp@latest'],
    });
  });

  it('what the app link would refuse is refused the same; other pages of those hosts and other hosts are no install links', () => {
    expect(refusal('https://vscode.dev/redirect/mcp/install?name=a')).toMatch(/no "config"/);
    expect(refusal('https://vscode.dev/redirect/mcp/install?name=a&config=%7Bnope')).toMatch(
      /not valid JSON/,
    );
    expect(refusal('https://vscode.dev/redirect/mcp/install?name=a&config=%7B%7D&quality=nightly')).toMatch(
      /quality/,
    );
    expect(refusal(`https://cursor.com/en/install-mcp?name=a&config=${b64({ command: 'a\nb' })}`)).toMatch(
      /line break/,
    );
    for (const other of [
      'https://vscode.dev/github/microsoft/vscode',
      'https://cursor.com/en/pricing?name=a',
      'https://cursor.com.evil.example/install-mcp?name=a&config=e30=',
      'http://cursor.com/install-mcp?name=a&config=e30=',
      'https://lmstudio.ai:8443/install-mcp?name=a&config=e30=',
      'https://example.com/install',
    ])
      expect(refusal(other), other).toMatch(/links are not install links/);
  });

  it('says which parameters of a VS Code web link it left out', () => {
    const link = `https://vscode.dev/redirect/mcp/install?name=a&config=${encodeURIComponent(JSON.stringify({ command: 'uvx', args: ['a'] }))}&utm_source=readme`;
    expect(preview(link).warnings).toEqual(['left out parameters Switchboard does not use: utm_source']);
  });
});
