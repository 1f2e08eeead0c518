import { lstat, readFile, readlink, stat } from 'node:fs/promises';
import { type ManagedPolicy, parsePolicy } from './managedPolicy';

/**
 * What the policy file holds. `invalid` is a security control that cannot be read: it fails closed —
 * no server is added or started (stateVerdict refuses every one), and `error` is what to show.
 */
export type PolicyState =
  | { kind: 'none'; path: string }
  | { kind: 'active'; path: string; policy: ManagedPolicy }
  | { kind: 'invalid'; path: string; error: string };

/** A policy is a few rules; a file far larger is not one. */
export const MAX_POLICY_BYTES = 1024 * 1024;

/**
 * Reads the policy file. Never throws. Only a path where nothing is at all (lstat: ENOENT) means no
 * policy: a symbolic link to nowhere, a folder on the way that is a file, anything unreadable is a
 * policy that cannot be used — an administrator's control that a moved file or a broken link must not
 * switch off.
 */
export async function readPolicy(file: string): Promise<PolicyState> {
  const invalid = (error: string): PolicyState => ({ kind: 'invalid', path: file, error });
  try {
    await lstat(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'none', path: file };
    return invalid(cannotRead(error));
  }
  let text: string;
  try {
    const info = await stat(file);
    if (!info.isFile()) return invalid('it is not a file');
    if (info.size > MAX_POLICY_BYTES) return invalid(`it is larger than ${MAX_POLICY_BYTES / 1024} KiB`);
    text = await readFile(file, 'utf8');
  } catch (error) {
    // Something is there: a link whose target is gone says where it points.
    const target =
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? await readlink(file).catch(() => undefined)
        : undefined;
    return invalid(
      target === undefined ? cannotRead(error) : `it is a symbolic link to ${target}, which does not exist`,
    );
  }
  let document: unknown;
  try {
    document = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    const at = /position (\d+)/.exec((error as Error).message);
    // The file is the administrator's, not a secret: V8's own words help find the fault.
    if (!at)
      return invalid(
        text.trim() === '' ? 'it is empty' : `it is not valid JSON (${(error as Error).message})`,
      );
    const before = text.slice(0, Number(at[1]));
    const line = before.split('\n').length;
    return invalid(`it is not valid JSON (line ${line}, column ${before.length - before.lastIndexOf('\n')})`);
  }
  const parsed = parsePolicy(document);
  return parsed.ok ? { kind: 'active', path: file, policy: parsed.policy } : invalid(parsed.error);
}

function cannotRead(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'EACCES' || code === 'EPERM'
    ? 'permission denied'
    : `it cannot be read (${code ?? (error as Error).message})`;
}
