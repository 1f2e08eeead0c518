// `install FILE`: an MCP bundle (.mcpb) added to Switchboard's config from the terminal, through the
// same host code as the app's Install bundle… — checked and unpacked into a preview, filled in,
// reviewed, confirmed, written untrusted — on the person's data folder, which it holds meanwhile.
import { existsSync } from 'node:fs';
import { rmdir } from 'node:fs/promises';
import path from 'node:path';
import { signatureText } from '../../shared/host/bundleSignatureText';
import type { BundleFieldView, BundlePreviewView } from '../../shared/host/bundleView';
import { escapeInvisible } from '../../shared/host/invisible';
import { launchDetail } from '../../shared/host/launchText';
import { bundleApi } from '../host/api/bundleApi';
import { ConfigFile, switchboardHome } from '../host/config/configFile';
import { DataDirInUse, type DataDirLock, lockDataDir } from '../host/dataDirLock';
import { Host } from '../host/host';
import { FileSecretStore } from '../host/secrets/fileSecretStore';
import type { CliArgs } from './args';
import type { InstallInput } from './installPrompts';
import type { CliIO } from './run';

/** Signals that end an install midway: its unpacked folder goes and the data folder is freed first. */
const ENDING_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/** The Electron app's secret store (the OS keychain's key): the CLI cannot write to it. */
const ELECTRON_SECRETS = 'secrets.enc.json';

/** How a manifest names a setting in what it runs. */
const PLACEHOLDER = ['$', '{user_config.KEY}'].join('');

/** A manifest's text, as the terminal shows it: control and invisible characters written as escapes. */
const text = (s: string) => escapeInvisible(s);

/** The preview the app shows, as lines: the facts, the signature said plainly, what it runs. */
function previewLines(p: BundlePreviewView): string[] {
  const { signature } = p;
  return [
    `${text(p.displayName ?? p.name)} (${text(p.name)}) ${text(p.version)} by ${text(p.author)}`,
    text(p.description),
    `File:      ${text(p.source.kind === 'file' ? p.source.file : p.source.url)}`,
    `SHA-256:   ${p.sha256}`,
    `Signature: ${text(signatureText(signature))}`,
    ...(signature.status === 'unsigned'
      ? []
      : [
          `           Certificate SHA-256 ${signature.fingerprint}, valid ${signature.validFrom.slice(0, 10)} to ${signature.validTo.slice(0, 10)}.`,
        ]),
    ...(p.template
      ? [`It runs (the settings fill in each ${PLACEHOLDER}):`, launchDetail(p.template)]
      : ['What it runs depends on its settings: shown exactly once they are given.']),
    ...(p.form.length > 0 ? ['Settings:', ...p.form.map(settingLine)] : []),
  ];
}

/** One setting of the bundle's form: its key (for --set), what it is, and its default. */
function settingLine(f: BundleFieldView): string {
  const traits = [
    f.multiple ? `${f.type}, several` : f.type,
    f.required ? 'required' : 'optional',
    ...(f.sensitive ? ['secret'] : []),
    ...(f.min !== undefined ? [`at least ${f.min}`] : []),
    ...(f.max !== undefined ? [`at most ${f.max}`] : []),
  ];
  const def =
    f.default === undefined || f.sensitive
      ? ''
      : `, default ${text(Array.isArray(f.default) ? f.default.join(', ') : String(f.default))}`;
  return `  ${f.key}: ${text(f.title)} (${traits.join(', ')}${def}) — ${text(f.description)}`;
}

/** A value as given on the command line or typed: text, or several paths. */
type Given = string | string[];

/** A folder or file setting: its paths are made absolute from where the command was typed. */
const isPath = (f: BundleFieldView | undefined) => f?.type === 'directory' || f?.type === 'file';

const fieldLabel = (f: BundleFieldView) => `${f.key} ("${text(f.title)}")`;

/** How a setting the bundle needs can be given on the command line. */
const howToGive = (f: BundleFieldView) =>
  f.sensitive ? `--set-env ${f.key}=VAR (a secret: from an environment variable)` : `--set ${f.key}=VALUE`;

/** The values given by flags, by key; directory and file paths made absolute from here. */
function givenValues(args: CliArgs, form: BundleFieldView[]): Record<string, Given> {
  const values: Record<string, Given> = {};
  const fields = new Map(form.map((f) => [f.key, f]));
  for (const [key, list] of Object.entries(args.install.values)) {
    const field = fields.get(key);
    if (field?.sensitive)
      throw new InstallRefused(
        `${fieldLabel(field)} is a secret: give it with --set-env ${key}=VAR or at the prompt, never on the command line`,
        2,
      );
    if (list.length > 1 && !field?.multiple) throw new InstallRefused(`${key} is given more than once`, 2);
    const own = isPath(field) ? list.map((v) => (v === '' ? v : path.resolve(v))) : list;
    values[key] = field?.multiple ? own : own[0]!;
  }
  for (const [key, variable] of Object.entries(args.install.fromEnv)) {
    const value = process.env[variable];
    if (value === undefined)
      throw new InstallRefused(
        `--set-env ${key}=${variable}: the environment variable ${variable} is not set`,
        2,
      );
    values[key] = value;
  }
  return values;
}

/** An install that ends here with a message and an exit code; whatever it opened is given up. */
class InstallRefused extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

/**
 * Runs `install`: resolves to the exit code — 0 added; 1 refused (the bundle, the person, a running
 * app); 2 settings missing or wrong, or no --yes without a terminal; 130 Ctrl-C. Whatever ends it
 * before the server is written leaves nothing: no unpacked folder, no secret, config.json as it was.
 */
export async function runInstall(args: CliArgs, io: CliIO, input: InstallInput): Promise<number> {
  const file = path.resolve(args.positional[0]!);
  const home = switchboardHome();
  let lock: DataDirLock;
  try {
    // Held while installing: the app keeps config.json in memory and would overwrite what this writes.
    lock = await lockDataDir(home, 'switchboard-mcp install');
  } catch (error) {
    if (!(error instanceof DataDirInUse)) throw error;
    io.stderr(
      `error: Switchboard is running on this data folder: install from the app, or quit it first.\n${error.message.split('\n')[0]}`,
    );
    return 1;
  }
  // Made by the first install, and left empty by one that fails: it goes too.
  const bundlesDir = path.join(home, 'bundles');
  const hadBundlesDir = existsSync(bundlesDir);
  let host: Host | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    for (const s of ENDING_SIGNALS) process.off(s, onSignal);
    void (async () => {
      // The host's open bundles are given up with it: their folders go.
      await host?.shutdown().catch(() => {});
      if (!hadBundlesDir) await rmdir(bundlesDir).catch(() => {});
      await lock.release().catch(() => {});
      process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGHUP' ? 1 : 15));
    })();
  };
  for (const s of ENDING_SIGNALS) process.on(s, onSignal);
  try {
    // The file store: the one the CLI reads (chat) and the browser shell uses.
    const secrets = FileSecretStore.inHome(home);
    // A config.json that is not JSON is never overwritten: said before anything is unpacked.
    const loaded = await ConfigFile.inHome(home).load();
    if (loaded.state === 'unreadable') {
      io.stderr(`error: ${loaded.error}. Fix or move it first. Nothing was installed.`);
      return 1;
    }
    host = await Host.create({
      home,
      secrets,
      sampler: null,
      configEditsAtStart: false,
      watchConfig: false,
    });
    const api = bundleApi(host, { pickBundleFile: async () => file });
    const opened = await api.pickBundleFile();
    if (!opened?.ok) {
      io.stderr(`error: ${opened ? text(opened.message) : 'no bundle'} Nothing was installed.`);
      return 1;
    }
    try {
      return await install(args, io, input, { home, host, api, opened, secretsFile: secrets.filePath });
    } catch (error) {
      if (!(error instanceof InstallRefused)) throw error;
      io.stderr(`error: ${error.message}. Nothing was installed.`);
      return error.code;
    } finally {
      // Not added (refused, declined, failed): its unpacked files go now. Added: no plan is left to cancel.
      await api.cancelBundle(opened.planId);
    }
  } finally {
    input.close();
    await host?.shutdown();
    if (!hadBundlesDir) await rmdir(bundlesDir).catch(() => {});
    await lock.release();
    for (const s of ENDING_SIGNALS) process.off(s, onSignal);
  }
}

async function install(
  args: CliArgs,
  io: CliIO,
  input: InstallInput,
  ctx: {
    home: string;
    host: Host;
    api: ReturnType<typeof bundleApi>;
    opened: BundlePreviewView;
    secretsFile: string;
  },
): Promise<number> {
  const { host, api, opened } = ctx;
  for (const line of previewLines(opened)) io.stdout(line);
  const values = givenValues(args, opened.form);
  // What no flag gave: asked when someone can answer (a secret unseen), else named all at once.
  const open = opened.form.filter((f) => !Object.hasOwn(values, f.key));
  const needed = open.filter((f) => f.required && f.default === undefined);
  if (!input.interactive && needed.length > 0)
    throw new InstallRefused(
      `the bundle needs ${needed.length === 1 ? 'a value' : 'values'} for ${needed.map((f) => `${fieldLabel(f)}: ${howToGive(f)}`).join('; ')}`,
      2,
    );
  if (input.interactive)
    for (const f of open.filter((f) => f.sensitive || needed.includes(f))) {
      const prompt = `${text(f.title)} (${f.key}${f.sensitive ? ', hidden' : ''}${f.required ? '' : ', Enter to leave it empty'}): `;
      const answer = f.sensitive ? await input.hidden(prompt) : await input.line(prompt);
      if (answer === undefined) return ended(io, input);
      if (answer !== '') values[f.key] = isPath(f) ? path.resolve(answer) : answer;
    }
  const name = args.install.name ?? opened.suggestedName;
  if (host.registry.configOf(name))
    throw new InstallRefused(
      `a server named "${text(name)}" exists already: give another name with --name`,
      2,
    );
  const review = await api.prepareBundleServer({ planId: opened.planId, name, values });
  if (!review.ok)
    throw new InstallRefused(
      `the bundle's settings cannot be used: ${review.problems.map((p) => `${p.field ?? ''} ${text(p.message)}`.trim()).join('; ')}`,
      2,
    );
  io.stdout(`\nAs "${text(name)}", it will run exactly:\n${launchDetail(review.launch)}`);
  if (review.secrets.length > 0) {
    // The Electron app keeps its secrets sealed by the OS keychain: a value written beside them here
    // would never reach its server.
    if (existsSync(path.join(ctx.home, ELECTRON_SECRETS)))
      throw new InstallRefused(
        `this data folder's secrets are kept by the Switchboard app in the OS keychain, which the CLI cannot write: install this bundle from the app`,
        1,
      );
    io.stdout(`Its secret settings go to ${ctx.secretsFile} (0600, not encrypted), never to config.json.`);
  }
  // Judged as the written server will be (its whole launch, from a bundle): said before the person confirms.
  const launch = review.launch;
  const refused = await host.policy.refusalOf(
    name,
    {
      command: launch.command,
      args: launch.args,
      ...(launch.cwd ? { cwd: launch.cwd } : {}),
      env: Object.fromEntries(
        launch.env.map((e) => [e.name, 'value' in e ? e.value : { $secret: `${e.name} (not yet stored)` }]),
      ),
    },
    'bundle',
    { kind: 'bundle' },
  );
  if (refused)
    io.stdout(
      `Refused: ${text(refused.reason)} (rule: ${text(refused.rule)}). It would be added and never start.`,
    );
  if (!args.install.yes) {
    if (!input.interactive)
      throw new InstallRefused('no terminal to ask for confirmation: give --yes to add it without asking', 2);
    const answer = await input.line(`Add "${text(name)}" to Switchboard? [y/N] `);
    if (answer === undefined) return ended(io, input);
    if (!/^(y|yes)$/i.test(answer.trim())) {
      io.stderr('Not added. Nothing was installed.');
      return 1;
    }
  }
  try {
    await api.confirmBundleServer(opened.planId, undefined);
  } catch (error) {
    // Stored before the config is written (as the app does): a config that failed takes them back.
    for (const id of review.secrets) await host.secrets.delete(id).catch(() => {});
    throw error;
  }
  io.stdout(
    `\nAdded "${text(name)}" to ${path.join(ctx.home, 'config.json')}, untrusted: it runs nothing until you confirm its command in Switchboard (Servers → ${text(name)} → Trust and start). Then \`chat\` uses it too.`,
  );
  return 0;
}

function ended(io: CliIO, input: InstallInput): number {
  io.stderr('\nNot added. Nothing was installed.');
  return input.interrupted ? 130 : 1;
}
