import path from 'node:path';
import type { Era } from '../../../shared/mcp/protocol';
import { JsonFile } from '../../store/jsonFile';

/** What one server remembers of its era across app restarts. */
export interface EraMemory {
  recall(): Promise<Era | undefined>;
  /** `undefined` forgets (the server failed to start: what answered before may not be there now). */
  remember(era: Era | undefined): Promise<void>;
}

const ERAS = new Set<string>(['legacy', 'modern']);

/**
 * The era each local server answered in, by its identity (2026-07-28 basic/versioning: a client MAY
 * keep it across restarts of the same server configuration, probing again if it later fails). A
 * legacy stdio server is then spoken to with initialize at once on the next launch, instead of first
 * being probed with server/discover — which a server that ignores unknown requests leaves unanswered
 * for the probe's whole timeout. Only a hint: an odd or unreadable file remembers nothing.
 */
export class EraStore {
  private readonly file: JsonFile<Record<string, Era>>;

  constructor(readonly filePath: string) {
    this.file = new JsonFile(filePath, {
      what: 'server eras file',
      empty: () => ({}),
      parse: (value) =>
        Object.fromEntries(
          typeof value === 'object' && value !== null && !Array.isArray(value)
            ? Object.entries(value).filter((e): e is [string, Era] => ERAS.has(e[1] as string))
            : [],
        ),
      unreadableIsEmpty: true,
    });
  }

  static inHome(home: string): EraStore {
    return new EraStore(path.join(home, 'server-eras.json'));
  }

  /** The memory of the server with this identity. */
  of(identity: string): EraMemory {
    return {
      recall: async () => (await this.file.read())[identity],
      remember: (era) =>
        this.file.update((eras) => {
          if (era) eras[identity] = era;
          else delete eras[identity];
          return eras;
        }),
    };
  }

  /** Forgets every server but these (the ones the config holds). */
  async keepOnly(identities: ReadonlySet<string>): Promise<void> {
    // At every launch: written only when something goes (most launches drop nothing).
    if (Object.keys(await this.file.read()).every((id) => identities.has(id))) return;
    return this.file.update((eras) =>
      Object.fromEntries(Object.entries(eras).filter(([id]) => identities.has(id))),
    );
  }

  forget(identity: string): Promise<void> {
    return this.of(identity).remember(undefined);
  }

  /** Resolves once every change asked for so far is on disk (before the app lets go of its data folder). */
  settled(): Promise<void> {
    return this.file.settled();
  }
}
