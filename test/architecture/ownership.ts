import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sourceFiles } from './dependencyRules';

/** What a shell may call on its Host: the lifecycle, nothing inside. */
const SHELL_HOST_API = new Set(['create', 'serve', 'start', 'lastWindowClosed', 'shutdown']);

const isProduction = (file: string) => !file.includes('.test.');

/**
 * docs/architecture.md's "one owner per live thing", checked on one file: in electron/host only the server
 * session names McpClient; a shell (electron/main, electron/web) reaches the host only through its
 * lifecycle; no production file casts through `unknown`.
 */
export function ownershipProblems(file: string, source: string): string[] {
  const p = file.split(path.sep).join('/');
  if (!isProduction(p)) return [];
  const problems: string[] = [];
  if (
    p.startsWith('electron/host/') &&
    p !== 'electron/host/servers/serverSession.ts' &&
    /\bMcpClient\b/.test(source)
  )
    problems.push(`${p}: only the server session holds an McpClient (ask the session for the operation)`);
  if (p.startsWith('electron/main/') || p.startsWith('electron/web/')) {
    for (const m of source.matchAll(/\b(?:host|Host)\??\.(\w+)/g))
      if (!SHELL_HOST_API.has(m[1]!))
        problems.push(
          `${p}: a shell uses the host's lifecycle only (${[...SHELL_HOST_API].join(', ')}), not host.${m[1]}`,
        );
    if (/\b(?:new HostService|hostService)\s*\(/.test(source))
      problems.push(`${p}: a shell gets its HostService from host.serve()`);
  }
  if (/\bas unknown as\b/.test(source.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '')))
    problems.push(`${p}: casts through unknown (check the value, then narrow it)`);
  return problems;
}

export function ownershipViolations(root: string): string[] {
  return sourceFiles(root, ['shared', 'renderer', 'electron']).flatMap((file) =>
    ownershipProblems(file, readFileSync(path.join(root, file), 'utf8')),
  );
}
