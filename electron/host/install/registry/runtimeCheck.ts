// Whether the program an install runs (npx, uvx, docker, dnx) is there, on the very PATH a local
// server is started with (electron/mcp's StdioTransport: the login shell's PATH when the app came from
// a launcher, put into the child's environment by buildChildEnv), said before anything runs.
import { buildChildEnv, findProgram, resolveLoginShellPath } from '../../../mcp';
import type { Runtime } from './packageLaunch';

/** What to install to get each runtime. */
const RUNTIME_SOURCES: Readonly<Record<Runtime, string>> = {
  npx: 'Node.js (npx comes with it): https://nodejs.org',
  uvx: 'uv (uvx comes with it): https://docs.astral.sh/uv/',
  docker: 'Docker: https://docs.docker.com/get-docker/',
  dnx: 'the .NET 10 SDK (dnx comes with it): https://dotnet.microsoft.com/download',
};

export interface PathOptions {
  /** As the host is told (`resolveShellPath`): take PATH from the login shell. */
  resolveShellPath?: boolean;
  /** The app's environment; process.env by default. */
  parentEnv?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
}

/** The PATH a local server would be started with, exactly as StdioTransport.start builds it. */
export async function serverPath(options: PathOptions = {}): Promise<string | undefined> {
  const shellPath = options.resolveShellPath ? await resolveLoginShellPath() : undefined;
  const env = buildChildEnv(undefined, {
    ...(options.parentEnv ? { parentEnv: options.parentEnv } : {}),
    ...(shellPath ? { path: shellPath } : {}),
  });
  return (options.platform ?? process.platform) === 'win32' ? (env.Path ?? env.PATH) : env.PATH;
}

/** Where `command` (a bare name) is found on `pathValue`, as a local server's program is found, or undefined. */
export async function findOnPath(
  command: string,
  pathValue: string | undefined,
  options: { platform?: NodeJS.Platform; pathExt?: string } = {},
): Promise<string | undefined> {
  if (!pathValue || command.includes('/') || command.includes('\\')) return undefined;
  return findProgram(command, { searchPath: pathValue, ...options });
}

export type RuntimeCheck = { ok: true; path: string } | { ok: false; runtime: Runtime; message: string };

/** Whether `runtime` is on the PATH servers start with; when not, what to install, before anything runs. */
export async function checkRuntime(runtime: Runtime, options: PathOptions = {}): Promise<RuntimeCheck> {
  const pathValue = await serverPath(options);
  const platform = options.platform ?? process.platform;
  const found = await findOnPath(runtime, pathValue, {
    platform,
    ...(options.parentEnv?.PATHEXT ? { pathExt: options.parentEnv.PATHEXT } : {}),
  });
  if (found) return { ok: true, path: found };
  return {
    ok: false,
    runtime,
    message: `${runtime} was not found on the PATH Switchboard starts servers with, so this server could not start: install ${RUNTIME_SOURCES[runtime]}, then try again${options.resolveShellPath ? '' : ' (if it is installed, start Switchboard from a terminal where it works)'}`,
  };
}
