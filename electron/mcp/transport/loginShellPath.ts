import { spawn } from 'node:child_process';

const MARKER = '__SWITCHBOARD_PATH__';
let cached: Promise<string | undefined> | undefined;

/**
 * PATH as the person's login shell sets it. An app started from a desktop launcher (macOS Dock,
 * Linux .desktop file) inherits a minimal PATH without nvm, Homebrew, ~/.local/bin…, which is why
 * `npx`/`uvx` fail with ENOENT in other hosts. Undefined when it cannot be read (and on Windows).
 */
export function resolveLoginShellPath(
  options: { shell?: string; timeoutMs?: number; fresh?: boolean; env?: NodeJS.ProcessEnv } = {},
): Promise<string | undefined> {
  if (process.platform === 'win32') return Promise.resolve(undefined);
  if (!options.fresh && cached) return cached;
  const result = readLoginShellPath(
    options.shell ?? process.env.SHELL ?? '/bin/sh',
    options.timeoutMs ?? 5000,
    options.env ?? process.env,
  );
  if (!options.fresh) cached = result;
  return result;
}

function readLoginShellPath(
  shell: string,
  timeoutMs: number,
  env: NodeJS.ProcessEnv,
): Promise<string | undefined> {
  return new Promise((resolve) => {
    let out = '';
    const child = spawn(shell, ['-ilc', `printf '${MARKER}%s${MARKER}' "$PATH"`], {
      stdio: ['ignore', 'pipe', 'ignore'],
      env,
      detached: true,
    });
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {}
      resolve(undefined);
    }, timeoutMs);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
    });
    child.on('error', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
    child.on('close', () => {
      clearTimeout(timer);
      // Rc files may print banners: take only what sits between the markers.
      const match = out.match(new RegExp(`${MARKER}(.*?)${MARKER}`, 's'));
      resolve(match?.[1] ? match[1] : undefined);
    });
  });
}
