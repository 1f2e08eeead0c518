import type { SandboxAccess, SandboxViolation } from '../../../shared/host/sandboxRules';
import { isInside } from './isInside';

/** How many kinds of denial one server's card keeps (the newest; a count says how many were dropped). */
const MAX_GROUPS = 50;

/** What a denial was, as a person reads it and as a rule widens it. */
export interface Denial {
  access: SandboxAccess;
  /** An absolute path, or `host:port`. */
  target: string;
}

/** The runtime's violation line ("deny network-outbound host:443 (…)", "deny openat /path") as a denial. */
export function denialOfLine(line: string): Denial | undefined {
  const network = /^deny network-outbound (\S+)/.exec(line);
  if (network) return { access: 'network', target: network[1]! };
  // Linux reports write attempts by system call (openat, mkdirat, unlinkat, renameat…); macOS says file-write-*.
  const file =
    /^deny (?:file-write\S*|\w+at\d?|creat|truncate|mkdir|rmdir|unlink|rename|link|symlink|chmod|chown) (\/.*)$/.exec(
      line,
    );
  if (file) return { access: 'write', target: file[1]!.trim() };
  const read = /^deny file-read\S* (\/.*)$/.exec(line);
  if (read) return { access: 'read', target: read[1]!.trim() };
  return undefined;
}

/** Absolute paths a line of a server's output names. */
function pathsIn(line: string): string[] {
  return [...line.matchAll(/(?:^|[\s'"`(=:])(\/[^\s'"`),:;]+)/g)].map((m) => m[1]!);
}

/**
 * A denied read, from a line the server printed. On Linux a hidden place is an empty folder to the
 * server (ENOENT): the runtime records nothing, so what the server says it failed to open, inside a
 * place hidden from it, is the denial.
 */
export function readDenialOfOutput(line: string, hidden: string[], allowed: string[]): Denial | undefined {
  if (!/ENOENT|EACCES|EPERM|no such file|permission denied|not permitted/i.test(line)) return undefined;
  for (const p of pathsIn(line)) {
    if (hidden.some((h) => isInside(p, h)) && !allowed.some((a) => isInside(p, a)))
      return { access: 'read', target: p };
  }
  return undefined;
}

/** `~/x` for a path in the home folder: what a person recognises. */
export function shownPath(p: string, home: string): string {
  return isInside(p, home) ? `~${p.slice(home.length) || ''}` : p;
}

function denialText(denial: Denial, home: string): string {
  switch (denial.access) {
    case 'read':
      return `tried to read ${shownPath(denial.target, home)}`;
    case 'write':
      return `tried to write ${shownPath(denial.target, home)}`;
    case 'network':
      return `tried to reach ${denial.target}`;
  }
}

/**
 * One server's denials, grouped by what was denied: the same path or host again counts up, and
 * only the first of each is news (for the activity record).
 */
export class ViolationGroups {
  private readonly groups = new Map<string, SandboxViolation>();
  dropped = 0;

  constructor(
    private readonly home: string,
    private readonly allowOf: (denial: Denial) => SandboxViolation['allow'],
  ) {}

  /** Adds one denial; true when it is the first of its kind. */
  add(denial: Denial, at = Date.now()): boolean {
    const id = `${denial.access}:${denial.target}`;
    const group = this.groups.get(id);
    if (group) {
      group.count++;
      group.last = at;
      return false;
    }
    if (this.groups.size >= MAX_GROUPS) {
      const oldest = [...this.groups.values()].sort((a, b) => a.last - b.last)[0]!;
      this.groups.delete(oldest.id);
      this.dropped++;
    }
    this.groups.set(id, {
      id,
      access: denial.access,
      target: denial.target,
      text: denialText(denial, this.home),
      count: 1,
      first: at,
      last: at,
      allow: this.allowOf(denial),
    });
    return true;
  }

  get(id: string): SandboxViolation | undefined {
    return this.groups.get(id);
  }

  list(): SandboxViolation[] {
    return [...this.groups.values()].sort((a, b) => b.last - a.last).map((g) => ({ ...g }));
  }

  delete(id: string): void {
    this.groups.delete(id);
  }
}
