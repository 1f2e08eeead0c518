import type { ConsentAnswer } from '../../shared/host/consent';
import type { HostApi, HostEvent, HostMethod, ToolView } from '../../shared/ipc/contract';
import type { LoggingLevel } from '../../shared/mcp/protocol';
import { type Disposer, Emitter } from '../mcp';
import type { Host } from './host';

/**
 * The host as the renderer sees it: exactly the contract's methods and events, ids in and views
 * out. No method takes a command, env or key, and no result or event carries a secret.
 */
export class HostService implements HostApi {
  private readonly events = new Emitter<HostEvent>();
  private readonly disposers: Disposer[];

  constructor(
    private readonly host: Host,
    /** The shell's native folder picker, when it has one (Electron). */
    private readonly pickDirectory?: () => Promise<string | undefined>,
  ) {
    this.disposers = [
      host.registry.onChange((views) => this.events.fire({ event: 'serversChanged', payload: views })),
      host.logs.onEntry((entry) => this.events.fire({ event: 'logEntry', payload: entry })),
      host.consent.onChange((queue) => this.events.fire({ event: 'consentsChanged', payload: queue })),
      host.catalog.onChange(() => this.events.fire({ event: 'toolsChanged', payload: this.tools() })),
    ];
  }

  /** Everything the host pushes; the returned function unsubscribes. */
  subscribe(listener: (event: HostEvent) => void): Disposer {
    return this.events.event(listener);
  }

  /** Calls a method by name with arguments already validated against the contract. */
  invoke(method: HostMethod, args: unknown[]): Promise<unknown> {
    return (this[method] as (...a: unknown[]) => Promise<unknown>)(...args);
  }

  dispose(): void {
    for (const d of this.disposers) d();
    this.events.dispose();
  }

  async listServers() {
    return this.host.registry.views();
  }
  async startServer(id: string) {
    await this.connection(id).start();
  }
  async stopServer(id: string) {
    await this.connection(id).stop();
  }
  async restartServer(id: string) {
    await this.connection(id).restart();
  }
  async setServerEnabled(id: string, enabled: boolean) {
    await this.host.registry.setEnabled(id, enabled);
  }
  async trustServer(id: string) {
    await this.host.registry.trust(id);
  }
  async getLogs(server: string | null) {
    return this.host.logs.entries(server ?? undefined);
  }
  async setLogLevel(id: string, level: LoggingLevel) {
    await this.connection(id).setLoggingLevel(level);
  }
  async listConsents() {
    return this.host.consent.queue();
  }
  async answerConsent(id: string, answer: ConsentAnswer) {
    this.host.consent.answer(id, answer);
  }
  async listTools() {
    return this.tools();
  }
  async setToolEnabled(server: string, tool: string, enabled: boolean) {
    await this.host.catalog.setToolEnabled(server, tool, enabled);
  }
  async getRoots() {
    return { global: this.host.roots.globalDirectories(), servers: this.host.roots.serverDirectories() };
  }
  async addRoot(directory: string, server: string | null) {
    return this.host.roots.add(directory, server ?? undefined);
  }
  async removeRoot(directory: string, server: string | null) {
    await this.host.roots.remove(directory, server ?? undefined);
  }
  async secretStorage() {
    return { encrypted: this.host.secrets.encrypted };
  }
  async pickRootDirectory(server: string | null) {
    if (!this.pickDirectory)
      throw new Error('This window has no native folder dialog: enter the folder’s path instead');
    const chosen = await this.pickDirectory();
    return chosen === undefined ? null : this.host.roots.add(chosen, server ?? undefined);
  }

  private tools(): ToolView[] {
    return this.host.catalog.tools().map((t) => ({
      name: t.name,
      server: t.server,
      tool: t.tool.name,
      ...(t.tool.title !== undefined ? { title: t.tool.title } : {}),
      ...(t.tool.description !== undefined ? { description: t.tool.description } : {}),
      enabled: t.enabled,
    }));
  }

  private connection(id: string) {
    const c = this.host.registry.get(id);
    if (!c) throw new Error(`No server named "${id}"`);
    return c;
  }
}
