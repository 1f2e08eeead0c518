import path from 'node:path';
import type { LeaveOut } from '../../shared/chat/toolBudget';
import { JsonFile } from './jsonFile';

/** Server sets remembered at most (the least recently chosen go first). */
const MAX_TOOL_CHOICES = 50;

interface Choice {
  leaveOut: LeaveOut;
  at: number;
}

const isNames = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');
const isLeaveOut = (v: unknown): v is LeaveOut => {
  const l = v as LeaveOut | undefined;
  return (
    typeof l === 'object' &&
    l !== null &&
    isNames(l.servers) &&
    Array.isArray(l.tools) &&
    l.tools.every((t) => typeof t?.server === 'string' && typeof t?.tool === 'string')
  );
};

/**
 * The person's last choice of servers and tools for a conversation, by the set of servers it was made
 * with (a key the caller makes): what a new conversation over the tool budget starts from, instead of
 * asking again. One small file; an unreadable one remembers nothing (the next choice replaces it).
 */
export class ToolChoiceStore {
  private readonly file: JsonFile<Record<string, Choice>>;

  constructor(readonly filePath: string) {
    this.file = new JsonFile(filePath, {
      what: 'tool choices file',
      empty: () => ({}),
      parse: (value) =>
        Object.fromEntries(
          typeof value === 'object' && value !== null && !Array.isArray(value)
            ? Object.entries(value).filter(
                (e): e is [string, Choice] => isLeaveOut(e[1]?.leaveOut) && typeof e[1]?.at === 'number',
              )
            : [],
        ),
      unreadableIsEmpty: true,
    });
  }

  static inHome(home: string): ToolChoiceStore {
    return new ToolChoiceStore(path.join(home, 'tool-choices.json'));
  }

  /** The last choice made with the servers `key` stands for, if any. */
  async get(key: string): Promise<LeaveOut | undefined> {
    await this.file.settled();
    return (await this.file.read())[key]?.leaveOut;
  }

  async remember(key: string, leaveOut: LeaveOut): Promise<void> {
    await this.file.update((all) => {
      const next = { ...all, [key]: { leaveOut, at: Date.now() } };
      const kept = Object.entries(next)
        .sort((a, b) => b[1].at - a[1].at)
        .slice(0, MAX_TOOL_CHOICES);
      return Object.fromEntries(kept);
    });
  }
}
