import { describe, expect, it } from 'vitest';
import { b64, only, preview, refusal } from '../../../../e2e/fixtures/installLinkTestkit';

describe('Cursor links (cursor://anysphere.cursor-deeplink/mcp/install?name=…&config=<base64>)', () => {
  it('reads the example of Cursor\'s docs ("MCP Install Links": the postgres server)', () => {
    const link =
      'cursor://anysphere.cursor-deeplink/mcp/install?name=postgres&config=eyJjb21tYW5kIjoibnB4IiwiYXJncyI6WyIteSIsIkBtb2RlbGNvbnRleHRwcm90b2NvbC9zZXJ2ZXItcG9zdGdyZXMiLCJwb3N0Z3Jlc3FsOi8vbG9jYWxob3N0L215ZGIiXX0=';
    expect(preview(link).origin).toEqual({ format: 'cursor', app: 'Cursor' });
    expect(only(link).config).toMatchObject({
      name: 'postgres',
      kind: 'stdio',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-postgres', 'postgresql://localhost/mydb'],
    });
  });

  it('reads a config wrapped as in mcp.json (as generator scripts in the wild write it), and says so', () => {
    // From system-prompts-mcp-server's scripts/generate-cursor-install-link.js.
    const link =
      'cursor://anysphere.cursor-deeplink/mcp/install?name=system-prompts-mcp&config=eyJzeXN0ZW0tcHJvbXB0cy1tY3AiOnsiY29tbWFuZCI6Im5weCIsImFyZ3MiOlsiLXkiLCJzeXN0ZW0tcHJvbXB0cy1tY3Atc2VydmVyIl19fQ==';
    const server = only(link);
    expect(server.config).toMatchObject({ name: 'system-prompts-mcp', command: 'npx' });
    expect(server.warnings[0]).toMatch(/wraps the server in \{"system-prompts-mcp": …\}/);
  });

  it('an unescaped "+" of base64 arriving as a space is read as "+"', () => {
    // {"url":"https://a.example/>>>"} encodes with a "+" in it.
    const config = b64({ url: 'https://a.example/>>>' });
    expect(config).toContain('+');
    expect(
      only(`cursor://anysphere.cursor-deeplink/mcp/install?name=a&config=${config}`).config,
    ).toMatchObject({
      url: 'https://a.example/>>>',
    });
  });

  it('shows values under secret-looking names, saying the link carries them in plain text', () => {
    // From onebusaway-mcp-server's README badge: its env holds a (test) key.
    const server = only(
      'cursor://anysphere.cursor-deeplink/mcp/install?name=onebusaway-mcp-server&config=eyJjb21tYW5kIjoibnB4IiwiYXJncyI6WyIteSIsIkBjeWFuaGVhZHMvb25lYnVzYXdheS1tY3Atc2VydmVyIl0sImVudiI6eyJPTkVCVVNBV0FZX0FQSV9LRVkiOiJURVNUIn19',
    );
    expect(server.config).toMatchObject({ env: { ONEBUSAWAY_API_KEY: 'TEST' } });
    expect(server.secretLooking).toEqual([{ field: 'env', name: 'ONEBUSAWAY_API_KEY' }]);
    expect(server.warnings).toContainEqual(
      expect.stringMatching(/ONEBUSAWAY_API_KEY looks like a secret: .*plain text, so it is shown/),
    );
  });

  it('refuses a link without name or config, with either given twice, or with a config that is not base64 JSON', () => {
    const base = 'cursor://anysphere.cursor-deeplink/mcp/install';
    const config = b64({ command: 'npx' });
    expect(refusal(`${base}?config=${config}`)).toMatch(/no "name"/);
    expect(refusal(`${base}?name=a`)).toMatch(/no "config"/);
    expect(refusal(`${base}?name=a&name=b&config=${config}`)).toMatch(/gives "name" 2 times/);
    expect(refusal(`${base}?name=a&config=${config}&config=${b64({ command: 'rm' })}`)).toMatch(
      /"config" 2 times/,
    );
    expect(refusal(`${base}?name=a&config=not*base64`)).toMatch(/config is not valid base64/);
    expect(refusal(`${base}?name=a&config=abcde`)).toMatch(/config is not valid base64/);
    expect(refusal(`${base}?name=a&config=`)).toMatch(/config is empty/);
    expect(refusal(`${base}?name=a&config=${Buffer.from('{"command":').toString('base64')}`)).toMatch(
      /config is not valid JSON/,
    );
    expect(refusal(`${base}?name=a&config=${Buffer.from([0xff, 0xfe, 0x7b]).toString('base64')}`)).toMatch(
      /UTF-8/,
    );
    expect(refusal('cursor://anysphere.cursor-deeplink/rule/install?name=a')).toMatch(/only as cursor:\/\//);
  });
});

describe('LM Studio links (lmstudio://add_mcp?name=…&config=<base64>)', () => {
  it('reads the example of LM Studio\'s docs ("Add to LM Studio button": the Hugging Face server)', () => {
    const link =
      'lmstudio://add_mcp?name=hf-mcp-server&config=eyJ1cmwiOiJodHRwczovL2h1Z2dpbmdmYWNlLmNvL21jcCIsImhlYWRlcnMiOnsiQXV0aG9yaXphdGlvbiI6IkJlYXJlciA8WU9VUl9IRl9UT0tFTj4ifX0%3D';
    expect(preview(link).origin).toEqual({ format: 'lmstudio', app: 'LM Studio' });
    const server = only(link);
    expect(server.config).toMatchObject({
      name: 'hf-mcp-server',
      kind: 'remote',
      url: 'https://huggingface.co/mcp',
      headers: { Authorization: 'Bearer <YOUR_HF_TOKEN>' },
    });
    expect(server.needsValue).toEqual([{ field: 'headers', name: 'Authorization' }]);
    expect(server.secretLooking).toEqual([]);
  });

  it('refuses another LM Studio action', () => {
    expect(refusal('lmstudio://open_from_hf?model=x')).toMatch(/only as lmstudio:\/\/add_mcp/);
  });
});
