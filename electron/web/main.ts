// `npm run web`: the browser shell. Starts the host on the data directory (SWITCHBOARD_HOME or the
// per-OS default), serves the built renderer on loopback and prints the URL with a fresh token.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { switchboardHome } from '../host/config/configFile';
import { Host } from '../host/host';
import { HostService } from '../host/hostService';
import { startWebShell } from './webShell';

const USAGE = 'Usage: npm run web -- [--port N] [--bind ADDRESS --allow-remote]';

function parse(argv: string[]) {
  const out: { port: number; bind: string; allowRemote: boolean } = {
    port: 0,
    bind: '127.0.0.1',
    allowRemote: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--port') out.port = Number(argv[++i]);
    else if (a === '--bind') out.bind = String(argv[++i]);
    else if (a === '--allow-remote') out.allowRemote = true;
    else throw new Error(`unknown argument ${a}\n${USAGE}`);
  }
  if (!Number.isInteger(out.port) || out.port < 0 || out.port > 65535)
    throw new Error(`--port takes 0–65535\n${USAGE}`);
  return out;
}

async function main(): Promise<void> {
  const args = parse(process.argv.slice(2));
  const home = switchboardHome();
  const rendererDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../out/renderer');
  const host = await Host.create({ home });
  const service = new HostService(host, { browseDirectories: true });
  const shell = await startWebShell({
    service,
    rendererDir,
    port: args.port,
    bind: args.bind,
    allowRemote: args.allowRemote,
    // Every page closed: like the Electron window closing, pending consents are refused.
    onAllClosed: () => host.consent.closeAll(),
    warn: (w) => console.error(`warning: ${w}`),
  });
  console.log(`Switchboard is running. Open (the link works once):\n${shell.url}`);
  // Another browser, or one that forgot its session: Enter prints a fresh one-time link.
  if (process.stdin.isTTY) console.log('Press Enter for another link.');
  process.stdin.on('data', () => console.log(shell.newLink()));
  process.stdin.on('error', () => {});
  console.error(
    `data: ${home}${host.secrets.encrypted ? '' : ' (secrets stored unencrypted in secrets.json)'}`,
  );
  void host.registry.startAll();
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await shell.close();
    service.dispose();
    await host.shutdown();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(error instanceof Error && error.message.includes('Usage') ? 2 : 1);
});
