// The ways an entry can be installed (each package, each remote) with, for each, what it would run or
// connect to and the form to fill; or why it cannot be installed. Computed from server.json alone.
import { isPlainHttpOffLoopback } from '../../../../shared/loopback';
import { keyValueOf, remoteUrl } from './declaredValues';
import { declarationFields, type InputField, isBareFlag, templateVariables } from './inputFields';
import { InputResolver } from './inputResolver';
import { packageLaunch, RUNTIMES, type Runtime } from './packageLaunch';
import type { Argument, Package, RemoteTransport, ServerJson } from './serverJson';

interface ChoiceBase {
  /** Where it sits in server.json: `packages/0`, `remotes/1`. */
  id: string;
  /** `npm package airtable-mcp-server 1.7.3`, `Docker image …`, `Remote server (SSE) at …`. */
  label: string;
  /** What installing runs or connects to, in a sentence, `<placeholders>` for what is asked. */
  summary: string;
}
interface PackageChoice extends ChoiceBase {
  kind: 'package';
  registryType: string;
  runtime: Runtime;
  /** What runs, `<placeholders>` for the fields. */
  preview: { command: string; args: string[] };
  fields: InputField[];
}
interface RemoteChoice extends ChoiceBase {
  kind: 'remote';
  transport: 'http' | 'sse';
  /** The URL template, `{variables}` and all. */
  url: string;
  fields: InputField[];
}
/** An MCP bundle (.mcpb): downloaded and checked by the bundle installer, which asks its own questions. */
interface BundleChoice extends ChoiceBase {
  kind: 'bundle';
  url: string;
  fileSha256: string;
  fields: InputField[];
}
interface UnavailableChoice extends ChoiceBase {
  kind: 'unavailable';
  reasons: string[];
}
export type InstallChoice = PackageChoice | RemoteChoice | BundleChoice | UnavailableChoice;

const REGISTRY_NAMES: Record<string, string> = { npm: 'npm', pypi: 'PyPI', nuget: 'NuGet' };

function argumentFields(args: Argument[] | undefined, key: string): InputField[] {
  return (args ?? []).flatMap((arg, i) =>
    declarationFields(
      arg,
      `${key}/${i}`,
      arg.type === 'named' ? arg.name : (arg.valueHint ?? 'value'),
      'argument',
      { repeated: arg.isRepeated === true, bareFlag: arg.type === 'named' && isBareFlag(arg) },
    ),
  );
}

function packageFields(pkg: Package, key: string): InputField[] {
  return [
    ...argumentFields(pkg.runtimeArguments, `${key}/runtimeArguments`),
    ...argumentFields(pkg.packageArguments, `${key}/packageArguments`),
    ...(pkg.environmentVariables ?? []).flatMap((kv, i) =>
      declarationFields(kv, `${key}/environmentVariables/${i}`, kv.name, 'env'),
    ),
  ];
}

function remoteFields(remote: RemoteTransport, key: string): InputField[] {
  const urlFields = declarationFields(
    { value: remote.url, ...(remote.variables ? { variables: remote.variables } : {}) },
    key,
    'url',
    'url',
  );
  return [
    ...urlFields,
    ...(remote.headers ?? []).flatMap((h, i) =>
      declarationFields(h, `${key}/headers/${i}`, h.name, 'header'),
    ),
  ];
}

function packageLabel(pkg: Package): string {
  if (pkg.registryType === 'oci') return `Docker image ${pkg.identifier}`;
  if (pkg.registryType === 'mcpb') return `MCP bundle ${pkg.identifier}`;
  const registry = REGISTRY_NAMES[pkg.registryType] ?? pkg.registryType;
  return `${registry} package ${pkg.identifier}${pkg.version ? ` ${pkg.version}` : ''}`;
}

function bundleChoice(pkg: Package, id: string, label: string): BundleChoice | UnavailableChoice {
  const reasons: string[] = [];
  const url = URL.canParse(pkg.identifier) ? new URL(pkg.identifier) : undefined;
  if (url?.protocol !== 'https:') reasons.push(`${id}: the bundle's address is not an https URL`);
  else if (url.username || url.password)
    reasons.push(`${id}: the bundle's address holds a user name or password`);
  if (!pkg.fileSha256 || !/^[a-f0-9]{64}$/.test(pkg.fileSha256))
    reasons.push(`${id}: the bundle has no fileSha256, so what is downloaded could not be checked`);
  if (pkg.transport.type !== 'stdio')
    reasons.push(`${id}: the bundle serves ${pkg.transport.type}; Switchboard runs stdio bundles only`);
  const summary = `Downloads the bundle ${pkg.identifier}, checks its SHA-256, and runs it`;
  if (reasons.length > 0) return { kind: 'unavailable', id, label, summary, reasons };
  return { kind: 'bundle', id, label, summary, url: pkg.identifier, fileSha256: pkg.fileSha256!, fields: [] };
}

function packageChoice(pkg: Package, id: string): InstallChoice {
  const label = packageLabel(pkg);
  if (pkg.registryType === 'mcpb') return bundleChoice(pkg, id, label);
  const r = new InputResolver();
  const launch = packageLaunch(pkg, id, r);
  const runtime = RUNTIMES[pkg.registryType];
  const preview = launch ? `${launch.runtime} ${launch.args.join(' ')}` : `${runtime ?? pkg.registryType} …`;
  const summary = `Runs ${preview}`;
  if (!launch || !runtime || r.problems.length > 0)
    return { kind: 'unavailable', id, label, summary, reasons: r.problems.map((p) => p.message) };
  return {
    kind: 'package',
    id,
    label,
    summary,
    registryType: pkg.registryType,
    runtime,
    preview: { command: launch.runtime, args: launch.args },
    fields: packageFields(pkg, id),
  };
}

function remoteChoice(remote: RemoteTransport, id: string): InstallChoice {
  const transport = remote.type === 'sse' ? 'sse' : 'http';
  const label = `Remote server (${transport === 'sse' ? 'SSE' : 'streamable HTTP'}) at ${remote.url}`;
  const summary = `Connects to ${remote.url}`;
  const r = new InputResolver();
  remoteUrl(remote.url, remote.variables, id, r);
  // Undeclared {names} stay in the URL (the schema says so), and then it is no URL.
  const declared = new Set(templateVariables(remote.url, remote.variables));
  for (const m of remote.url.matchAll(/\{([^{}]*)\}/g))
    if (!declared.has(m[1]!))
      r.problem(`${id}: its URL holds {${m[1]}}, which the entry declares no variable for`);
  for (const [i, h] of (remote.headers ?? []).entries()) keyValueOf(h, `${id}/headers/${i}`, 'header', r);
  // A template may start with a variable that holds the whole address; that is checked once filled.
  const fixed = remote.url.replace(/\{[^{}]*\}/g, 'x');
  if (!remote.url.startsWith('{')) {
    if (!/^https?:\/\//i.test(remote.url) || !URL.canParse(fixed))
      r.problem(`${id}: ${JSON.stringify(remote.url.slice(0, 200))} is not an http(s) URL template`);
    else if (isPlainHttpOffLoopback(new URL(fixed)))
      r.problem(
        `${id}: ${remote.url} uses plain http to another computer; Switchboard installs only https remotes`,
      );
  }
  if (r.problems.length > 0)
    return { kind: 'unavailable', id, label, summary, reasons: r.problems.map((p) => p.message) };
  return { kind: 'remote', id, label, summary, transport, url: remote.url, fields: remoteFields(remote, id) };
}

/** Every package, then every remote, in the order server.json lists them. */
export function installChoices(server: ServerJson): InstallChoice[] {
  return [
    ...(server.packages ?? []).map((pkg, i) => packageChoice(pkg, `packages/${i}`)),
    ...(server.remotes ?? []).map((remote, i) => remoteChoice(remote, `remotes/${i}`)),
  ];
}
