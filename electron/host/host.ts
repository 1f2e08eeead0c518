import type { ShellAbilities } from './api/shellAbilities';
import type { HostOptions } from './hostOptions';
import type { HostParts } from './hostParts';
import { type HostService, hostService } from './hostService';
import { type Assembly, assembleParts } from './parts/assembleParts';
import { carrying } from './parts/carrying';
import { hostPartList } from './parts/hostPartList';
import type { MadeBy } from './parts/part';

export type { HostOptions } from './hostOptions';

/**
 * The MCP host: every server, its config, secrets, roots and logs, the consents, the tool calls and
 * the chat. Created only fully loaded; nothing here imports `electron`. A shell uses the lifecycle
 * alone — `create`, `serve` (the API its page calls), `start`, `lastWindowClosed`, `shutdown` — so
 * both shells run the same sequence. What it is made of is `parts/hostPartList.ts`: each part a field.
 */
export class Host extends carrying<HostParts>() {
  private constructor(private readonly assembly: Assembly<MadeBy<typeof hostPartList>>) {
    super(assembly.made);
  }

  /** Makes every part in the order their needs give (nothing bound late), loads them, and lists the servers. */
  static async create(options: HostOptions): Promise<Host> {
    return new Host(await assembleParts(hostPartList, { options }));
  }

  /** The API a shell's page calls (the contract), with what that shell can do natively. */
  serve(shell: ShellAbilities = {}): HostService {
    return this.assembly.hold(hostService(this, shell));
  }

  /** Starts every enabled, trusted server at once (the shell's window is up). */
  start(): Promise<void> {
    return this.registry.startAll();
  }

  /** Every window or page is gone: nobody can answer, so every pending consent is refused. */
  lastWindowClosed(): void {
    this.consent.closeAll();
  }

  /**
   * Lets every part go in the reverse of their making: what was served, the config watch, the chat's
   * turns and the tool calls, then the servers (pending consents refused first), then the policy, and
   * last the activity record, the app log and the servers' logs written out.
   */
  shutdown(): Promise<void> {
    return this.assembly.dispose();
  }
}
