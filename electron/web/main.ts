// `npm run web`: the browser shell. Starts the host on the data directory (SWITCHBOARD_HOME or the
// per-OS default), serves the built renderer on loopback and prints the URL with a fresh token.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { switchboardHome } from '../host/config/configFile';
import { DataDirInUse, lockDataDir } from '../host/dataDirLock';
import { keepProcessAlive } from '../host/faults/processGuard';
import { Host } from '../host/host';
import { FileSecretStore } from '../host/secrets/fileSecretStore';
import { startWebShell } from './webShell';

const USAGE = 'Usage: npm run web -- [--port N] [--bind ADDRESS --allow-remote]';
/** The same port every start, so an open tab reconnects after a restart (0: any free port). */
const DEFAULT_PORT = 17_480;
/** Signs browser sessions; kept so they outlive a restart. */
const SESSION_KEY_ID = 'web/session-key';

function parse(argv: string[]) {
  const out: { port: number; bind: string; allowRemote: boolean; portGiven: boolean } = {
    port: DEFAULT_PORT,
    portGiven: false,
    bind: '127.0.0.1',
    allowRemote: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--port') {
      out.port = Number(argv[++i]);
      out.portGiven = true;
    } else if (a === '--bind') out.bind = String(argv[++i]);
    else if (a === '--allow-remote') out.allowRemote = true;
    else throw new Error(`unknown argument ${a}\n${USAGE}`);
  }
  if (!Number.isInteger(out.port) || out.port < 0 || out.port > 65535)
    throw new Error(`--port takes 0–65535\n${USAGE}`);
  return out;
}

async function main(): Promise<void> {
  // No server's message, and no listener's bug, ends the host: logged (traced to a server), not an exit.
  keepProcessAlive();
  const args = parse(process.argv.slice(2));
  const home = switchboardHome();
  const rendererDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../out/renderer');
  // One app per data folder: a second would run every server twice and overwrite the first one's files.
  const lock = await lockDataDir(home, 'browser shell');
  // The shell keeps its own session key in the same store the host uses for server secrets.
  const secrets = FileSecretStore.inHome(home);
  const host = await Host.create({ home, secrets });
  const service = host.serve({ browseDirectories: true, ownSecrets: [SESSION_KEY_ID] });
  let key = await secrets.get(SESSION_KEY_ID);
  if (!key) {
    key = randomBytes(32).toString('hex');
    await secrets.set(SESSION_KEY_ID, key);
  }
  const start = (port: number) =>
    startWebShell({
      service,
      rendererDir,
      port,
      bind: args.bind,
      allowRemote: args.allowRemote,
      sessionKey: Buffer.from(key, 'hex'),
      // Every page closed: like the Electron window closing, pending consents are refused.
      onAllClosed: () => host.lastWindowClosed(),
      warn: (w) => console.error(`warning: ${w}`),
    });
  const shell = await start(args.port).catch((error: NodeJS.ErrnoException) => {
    // The usual port is taken (another Switchboard?): any free one, said so; a port asked for is not replaced.
    if (error.code !== 'EADDRINUSE' || args.portGiven) throw error;
    console.error(`warning: port ${args.port} is in use; using another (open tabs will not reconnect to it)`);
    return start(0);
  });
  await lock.describe(new URL(shell.url).origin);
  console.log(`Switchboard is running. Open (the link works once):\n${shell.url}`);
  // Another browser, or one that forgot its session: Enter prints a fresh one-time link.
  if (process.stdin.isTTY) console.log('Press Enter for another link.');
  process.stdin.on('data', () => console.log(shell.newLink()));
  process.stdin.on('error', () => {});
  console.error(`data: ${home}${secrets.encrypted ? '' : ' (secrets stored unencrypted in secrets.json)'}`);
  void host.start();
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await shell.close();
    await host.shutdown();
    await lock.release();
    process.exit(0);
  };
  // SIGHUP: the terminal closed. Its default would end this process at once, leaving the servers
  // (each in a process group of its own) and the lock behind.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop());
  // npm forwards SIGINT and SIGTERM to us (package.json's `exec` leaves no shell between), but not a
  // SIGHUP or SIGKILL that ends npm itself: when whatever started us is gone we stop too, with our
  // servers, instead of running on unseen with the port and the data folder taken.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid === parent) return;
    console.error('The command that started Switchboard has ended: stopping.');
    void stop();
  }, 500).unref();
}

main().catch((error: unknown) => {
  if (error instanceof DataDirInUse) {
    console.error(error.message);
    process.exit(3);
  }
  console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(error instanceof Error && error.message.includes('Usage') ? 2 : 1);
});
