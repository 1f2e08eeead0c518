// Headless command line over electron/mcp: `npm run -s mcp -- --stdio "<command line>" <subcommand>`.
import { terminalText } from '../../shared/host/invisible';
import { keepProcessAlive } from '../host/faults/processGuard';
import { McpError } from '../mcp';
import { parseArgs, USAGE, UsageError } from './args';
import { runCli } from './run';

// Whatever is printed holds servers' and models' bytes: nothing in it may act on the terminal.
const io = {
  stdout: (text: string) => process.stdout.write(`${terminalText(text)}\n`),
  stderr: (text: string) => process.stderr.write(`${terminalText(text)}\n`),
};

async function main(): Promise<number> {
  // A server's message that breaks a listener is said on stderr; the command still ends as it would.
  keepProcessAlive();
  // The activity record needs no server: its own flags, its own help.
  if (process.argv[2] === 'activity') {
    try {
      const { runActivity } = await import('./activity');
      return await runActivity(process.argv.slice(3), io);
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      const { ACTIVITY_USAGE } = await import('./activity');
      if (error.message) io.stderr(`error: ${error.message}\n`);
      io.stderr(ACTIVITY_USAGE);
      return 2;
    }
  }
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    if (error.message) io.stderr(`error: ${error.message}\n`);
    io.stderr(USAGE);
    return 2;
  }
  try {
    // chat and install boot a whole host: loaded only for them, so the plain subcommands start fast.
    if (args.subcommand === 'chat') {
      const { runChat, terminalInput } = await import('./chat');
      return await runChat(args, io, terminalInput());
    }
    if (args.subcommand === 'install') {
      const [{ runInstall }, { terminalPrompts }] = await Promise.all([
        import('./install'),
        import('./installPrompts'),
      ]);
      return await runInstall(args, io, terminalPrompts());
    }
    return await runCli(args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`error: ${error.message}`);
      return 2;
    }
    const code = error instanceof McpError ? ` [${error.code}]` : '';
    io.stderr(`error${code}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    io.stderr(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = 1;
  },
);
