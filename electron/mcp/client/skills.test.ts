import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type HttpFixture,
  json,
  modernBasics,
  startHttpFixture,
} from '../../../e2e/fixtures/http/httpFixture';
import { skillServer } from '../../../e2e/fixtures/http/skillServer';
import { type RunningHttpServer, startModernHttp } from '../../../e2e/fixtures/servers';
import { createHttpTransport, listSkills, loadSkill, McpClient, offersSkills } from '../index';
import { checkSkillEntry, type SkillEntry } from './skills';

const open: McpClient[] = [];
const servers: RunningHttpServer[] = [];
const fixtures: HttpFixture[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
  await Promise.all(servers.splice(0).map((s) => s.stop()));
  await Promise.all(fixtures.splice(0).map((f) => f.close()));
});

async function connect(url: string): Promise<McpClient> {
  const client = await McpClient.connect({
    transport: createHttpTransport({ url }, 'auto'),
    protocol: 'auto',
    requestTimeoutMs: 20_000,
  });
  open.push(client);
  return client;
}

const sha = (text: string) => `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;
const SKILL_MD = '---\nname: pdf\ndescription: Works with PDFs\n---\n\nRead references/FORMS.md.\n';
const FORMS = '# Forms\n';
const entry = (over: Partial<SkillEntry> = {}): SkillEntry => ({
  uri: 'skill://pdf/SKILL.md',
  frontmatter: { name: 'pdf', description: 'Works with PDFs' },
  resources: [
    { uri: 'skill://pdf/SKILL.md', digest: sha(SKILL_MD), size: Buffer.byteLength(SKILL_MD) },
    { uri: 'skill://pdf/references/FORMS.md', digest: sha(FORMS), size: Buffer.byteLength(FORMS) },
  ],
  ...over,
});

describe('skills (SEP-2640)', () => {
  it('lists the official SDK server’s skills without reading a file; loading reads and verifies each', async () => {
    const server = await startModernHttp('reject', 0, 'e2e/fixtures/skills');
    servers.push(server);
    const client = await connect(server.url);
    expect(offersSkills(client.serverCapabilities)).toBe(true);
    const { skills, refused } = await listSkills(client);
    expect(refused).toEqual([]);
    expect(skills.map((s) => s.frontmatter.name)).toEqual(['trip-planning']);
    const reads = async () =>
      (
        (await (await fetch(new URL('/test/seen', server.url))).json()) as { body?: { method?: string } }[]
      ).filter((s) => s.body?.method === 'resources/read').length;
    expect(await reads()).toBe(0); // no prefetch: listing reads nothing
    const loaded = await loadSkill(client, skills[0]!);
    expect(loaded.files.map((f) => f.uri)).toEqual([
      'skill://trip-planning/SKILL.md',
      'skill://trip-planning/references/checklist.md',
    ]);
    expect(loaded.files[1]!.text).toContain('SKILL-CHECKLIST-CANARY');
    expect(await reads()).toBe(2);
  });

  for (const [what, served, said] of [
    ['digest', SKILL_MD.replace('Read', 'Burn'), /has the digest sha256:[0-9a-f]{64}, its entry says/],
    ['size', `${SKILL_MD}more`, /is 78 bytes, its entry says 74/],
    [
      'frontmatter',
      // Same bytes as the entry promises, but the entry's frontmatter differs from the file's.
      SKILL_MD,
      /frontmatter says description: "Works with PDFs", its entry "Works with every PDF"/,
    ],
  ] as const) {
    it(`a SKILL.md that fails its ${what} check is not loaded, and no other file is read`, async () => {
      const listed =
        what === 'frontmatter'
          ? entry({ frontmatter: { name: 'pdf', description: 'Works with every PDF' } })
          : entry();
      const fixture = await startHttpFixture((_req, res, body) => {
        const capabilities = { resources: {}, extensions: { 'io.modelcontextprotocol/skills': {} } };
        if (modernBasics(res, body, { capabilities })) return;
        const result = (value: unknown) => json(res, { jsonrpc: '2.0', id: body!.id, result: value });
        if (body?.method === 'skills/list') return result({ resultType: 'complete', skills: [listed] });
        const uri = (body!.params as { uri: string }).uri;
        result({
          resultType: 'complete',
          contents: [{ uri, mimeType: 'text/markdown', text: uri.endsWith('SKILL.md') ? served : FORMS }],
        });
      });
      fixtures.push(fixture);
      const client = await connect(fixture.url);
      const { skills } = await listSkills(client);
      const error = (await loadSkill(client, skills[0]!).catch((e: unknown) => e)) as Error;
      expect(error.message).toMatch(/^Skill "pdf" was not loaded: /);
      expect(error.message).toMatch(said);
      const read = fixture.requests
        .filter((r) => r.body?.method === 'resources/read')
        .map((r) => (r.body!.params as { uri: string }).uri);
      expect(read).toEqual(['skill://pdf/SKILL.md']);
    });
  }

  it('a skill updated on the server loads in its new version (files read past the cache); a file neither text nor blob is refused', async () => {
    const server = skillServer();
    const fixture = await startHttpFixture(server.handler);
    fixtures.push(fixture);
    const client = await connect(fixture.url);
    const first = await loadSkill(client, (await listSkills(client)).skills[0]!);
    expect(first.files[0]!.text).toContain('Read references');
    server.state.version = 2;
    const updated = (await listSkills(client, { fresh: true })).skills[0]!;
    const second = await loadSkill(client, updated);
    expect(second.files[0]!.text).toContain('Study references');
    server.state.version = 3;
    const error = (await loadSkill(client, updated).catch((e: unknown) => e)) as Error;
    // Refused by the result's shape (every resources/read is checked), before the skill's own check.
    expect(error.message).toContain(
      'resources/read result does not follow the MCP schema: contents[0] has neither',
    );
  });

  it('entries that break the rules are left out, each with its reason', () => {
    const bad = (over: Record<string, unknown>) => {
      const checked = checkSkillEntry({ ...entry(), ...over });
      return 'invalid' in checked ? checked.invalid : 'accepted';
    };
    expect(bad({})).toBe('accepted');
    expect(bad({ uri: 'https://x/SKILL.md' })).toMatch(/not a skill:\/\/…\/SKILL.md URI/);
    expect(bad({ frontmatter: { name: 'other', description: 'd' } })).toMatch(
      /path ends in "pdf" but its frontmatter name is "other"/,
    );
    expect(bad({ resources: [entry().resources[1]] })).toMatch(/do not list the SKILL.md itself/);
    expect(
      bad({
        resources: [...entry().resources, { uri: 'skill://pdf/../secrets/x', digest: sha(''), size: 0 }],
      }),
    ).toMatch(/outside the skill/);
    expect(
      bad({ resources: [...entry().resources, { uri: 'skill://other/x', digest: sha(''), size: 0 }] }),
    ).toMatch(/outside the skill/);
    expect(bad({ resources: [{ ...entry().resources[0]!, digest: 'md5:abc' }] })).toMatch(
      /no sha256:<hex> digest/,
    );
    expect(bad({ resources: [...entry().resources, entry().resources[1]] })).toMatch(/listed twice/);
    const many = Array.from({ length: 512 }, (_, i) => ({
      uri: `skill://pdf/f${i}`,
      digest: sha(''),
      size: 0,
    }));
    expect(bad({ resources: [entry().resources[0], ...many] })).toMatch(/513 files, more than the 512/);
    expect(
      bad({
        resources: [
          entry().resources[0],
          { uri: 'skill://pdf/big', digest: sha(''), size: 17 * 1024 * 1024 },
        ],
      }),
    ).toMatch(/more than the 16777216/);
  });
});
