import { createHash } from 'node:crypto';
import type { Tool } from '../../../shared/mcp/protocol';
import { JsonFile, stringList } from '../../store/jsonFile';
import { canonicalJson } from '../canonicalJson';

/**
 * What a tool *is*: the whole definition exactly as the server sent it (name, title, description,
 * input and output schemas, annotations, icons, execution, _meta, and any field a later spec adds),
 * canonicalised so key order is not a change. Any difference is a new tool that asks again: a title
 * is what the person read, an output schema or _meta changes what the tool returns or opens.
 * Nothing is left out: no field of a tool is meant to change from one listing to the next (the
 * spec's cache hints, ttlMs and cacheScope, sit on the list result, not on the tool), and a server
 * that changes one anyway only costs its person a question, never an approval they did not give.
 * The hash changed from an older one over description, input schema and annotations: approvals
 * stored under it no longer match, so those tools ask once more.
 */
export function toolDefinitionHash(tool: Tool): string {
  return createHash('sha256')
    .update(canonicalJson(tool, `the definition of tool "${tool.name}"`))
    .digest('hex');
}

interface ApprovalsFile {
  /** "Always for this tool": identity + tool name + definition hash. */
  tools: string[];
  /** "Always for this server": per server identity, the definition hash each tool had when approved or first used. */
  servers: Record<string, Record<string, string>>;
  /** Server identities whose read-only tools (by annotation) the person chose to allow without asking. */
  readOnly: string[];
}

const emptyApprovals = (): ApprovalsFile => ({ tools: [], servers: {}, readOnly: [] });

function parseApprovals(value: unknown): ApprovalsFile {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Partial<
    Record<keyof ApprovalsFile, unknown>
  >;
  const servers: ApprovalsFile['servers'] = {};
  if (typeof v.servers === 'object' && v.servers !== null) {
    for (const [identity, tools] of Object.entries(v.servers)) {
      if (typeof tools !== 'object' || tools === null) continue;
      servers[identity] = Object.fromEntries(
        Object.entries(tools).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
    }
  }
  return { tools: stringList(v.tools), servers, readOnly: stringList(v.readOnly) };
}

const toolKey = (identity: string, tool: string, hash: string) => `${identity}\u0000${tool}\u0000${hash}`;

/**
 * Standing approvals. Bound to the server's identity (what it runs, or its URL) and to each tool's
 * definition hash, so a changed config or a tool that redefines itself (a list_changed "rug pull")
 * asks again. Only the person's answers change them; nothing a server or model says can.
 */
export class ApprovalStore {
  private data: ApprovalsFile = emptyApprovals();
  private readonly conversations = new Set<string>();
  private readonly file: JsonFile<ApprovalsFile> | undefined;

  constructor(readonly filePath: string | undefined) {
    // None yet, or unreadable: nothing is approved.
    this.file =
      filePath === undefined
        ? undefined
        : new JsonFile(filePath, {
            what: 'approvals file',
            empty: emptyApprovals,
            parse: parseApprovals,
            unreadableIsEmpty: true,
          });
  }

  async load(): Promise<void> {
    if (this.file) this.data = structuredClone(await this.file.read());
  }

  /** Whether a standing approval covers this call (without asking). */
  allows(identity: string, tool: string, hash: string, conversationId?: string): boolean {
    if (this.data.tools.includes(toolKey(identity, tool, hash))) return true;
    if (
      conversationId !== undefined &&
      this.conversations.has(`${conversationId}\u0000${toolKey(identity, tool, hash)}`)
    ) {
      return true;
    }
    const server = this.data.servers[identity];
    if (!server) return false;
    const known = server[tool];
    if (known === undefined) {
      // A tool first seen under "always for this server": remember what it looked like.
      server[tool] = hash;
      void this.persist();
      return true;
    }
    return known === hash;
  }

  allowsReadOnly(identity: string): boolean {
    return this.data.readOnly.includes(identity);
  }

  grantConversation(conversationId: string, identity: string, tool: string, hash: string): void {
    this.conversations.add(`${conversationId}\u0000${toolKey(identity, tool, hash)}`);
  }

  async grantTool(identity: string, tool: string, hash: string): Promise<void> {
    const key = toolKey(identity, tool, hash);
    if (!this.data.tools.includes(key)) this.data.tools.push(key);
    await this.persist();
  }

  async grantServer(identity: string, tool: string, hash: string): Promise<void> {
    const server = this.data.servers[identity] ?? {};
    server[tool] = hash;
    this.data.servers[identity] = server;
    await this.persist();
  }

  async setReadOnlyPolicy(identity: string, enabled: boolean): Promise<void> {
    this.data.readOnly = this.data.readOnly.filter((x) => x !== identity);
    if (enabled) this.data.readOnly.push(identity);
    await this.persist();
  }

  /** What stands for a server, for its settings page. */
  summary(identity: string): { readOnlyAuto: boolean; alwaysTools: string[]; serverTools: string[] } {
    const prefix = `${identity}\u0000`;
    return {
      readOnlyAuto: this.data.readOnly.includes(identity),
      alwaysTools: this.data.tools
        .filter((k) => k.startsWith(prefix))
        .map((k) => k.slice(prefix.length).split('\u0000')[0]!),
      serverTools: Object.keys(this.data.servers[identity] ?? {}),
    };
  }

  /** Forgets every standing approval of a server (the person revoked them). */
  async revokeServer(identity: string): Promise<void> {
    this.data.tools = this.data.tools.filter((k) => !k.startsWith(`${identity}\u0000`));
    delete this.data.servers[identity];
    this.data.readOnly = this.data.readOnly.filter((x) => x !== identity);
    for (const k of [...this.conversations])
      if (k.includes(`\u0000${identity}\u0000`)) this.conversations.delete(k);
    await this.persist();
  }

  /** Each write lands in turn and takes the approvals as they then are. */
  private async persist(): Promise<void> {
    await this.file?.update(() => structuredClone(this.data));
  }
}
