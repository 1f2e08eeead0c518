import { JsonFile, stringList } from '../../store/jsonFile';
import type { ToolRef } from './toolNames';

/** The tool settings file: tools turned off, and tools always offered (by server and tool name). */
interface ToolSettings {
  disabledTools: string[];
  alwaysOffer: string[];
}

/**
 * The person's choices for tools, by server and tool name (kept over restarts in the tool settings
 * file when one is given): turned off, and "always offer" — sent whole even when the model searches
 * the conversation's tools.
 */
export class ToolChoices {
  private disabled = new Set<string>();
  private alwaysOffered = new Set<string>();
  private readonly file: JsonFile<ToolSettings> | undefined;

  constructor(settingsFile: string | undefined) {
    this.file =
      settingsFile === undefined
        ? undefined
        : new JsonFile(settingsFile, {
            what: 'tool settings file',
            empty: () => ({ disabledTools: [], alwaysOffer: [] }),
            parse: (v) => {
              const saved = v as Partial<Record<keyof ToolSettings, unknown>> | null;
              return {
                disabledTools: stringList(saved?.disabledTools),
                alwaysOffer: stringList(saved?.alwaysOffer),
              };
            },
            unreadableIsEmpty: true,
          });
  }

  async read(): Promise<void> {
    if (!this.file) return;
    const saved = await this.file.read();
    this.disabled = new Set(saved.disabledTools);
    this.alwaysOffered = new Set(saved.alwaysOffer);
  }

  isEnabled(ref: ToolRef): boolean {
    return !this.disabled.has(key(ref));
  }
  isAlwaysOffered(ref: ToolRef): boolean {
    return this.alwaysOffered.has(key(ref));
  }

  /** In effect when it returns; the promise is the file's save. */
  setEnabled(ref: ToolRef, enabled: boolean): Promise<void> {
    if (enabled) this.disabled.delete(key(ref));
    else this.disabled.add(key(ref));
    return this.save();
  }
  /** In effect when it returns; the promise is the file's save. */
  setAlwaysOffer(ref: ToolRef, always: boolean): Promise<void> {
    if (always) this.alwaysOffered.add(key(ref));
    else this.alwaysOffered.delete(key(ref));
    return this.save();
  }

  private async save(): Promise<void> {
    await this.file?.update(() => ({
      disabledTools: [...this.disabled],
      alwaysOffer: [...this.alwaysOffered],
    }));
  }
}

const key = (ref: ToolRef) => `${ref.server}\u0000${ref.tool}`;
