// A bundle's manifest.json, checked against the MCPB spec's schema for the version it names (what
// `mcpb validate` and `mcpb pack` check: manifestSchemas.ts), then read through the few fields the
// installer uses.
import { lstat, readFile } from 'node:fs/promises';
import path from 'node:path';
import { BundleError } from './bundleError';
import { isManifestVersion, MANIFEST_VERSIONS, validateManifest } from './manifestSchemas';

export type UserConfigType = 'string' | 'number' | 'boolean' | 'directory' | 'file';
export type UserConfigValue = string | number | boolean | string[];

/** One `user_config` option as the manifest declares it. */
interface UserConfigOption {
  type: UserConfigType;
  title: string;
  description: string;
  required?: boolean;
  default?: UserConfigValue;
  multiple?: boolean;
  sensitive?: boolean;
  min?: number;
  max?: number;
}

/** How a server is started, before variables are filled in. */
export interface McpLaunch {
  command?: string;
  args?: string[];
  env?: Record<string, string>;
}

/** The fields of a validated manifest the installer reads; the rest stays in `raw`. */
export interface BundleManifest {
  manifestVersion: string;
  name: string;
  displayName?: string;
  version: string;
  description: string;
  author: { name: string };
  server: {
    type: 'node' | 'python' | 'binary' | 'uv';
    entry_point: string;
    mcp_config?: McpLaunch & { platform_overrides?: Record<string, McpLaunch> };
  };
  userConfig: Record<string, UserConfigOption>;
  platforms?: string[];
  raw: Record<string, unknown>;
}

const MAX_MANIFEST_BYTES = 1024 * 1024;

const invalid = (why: string) =>
  new BundleError('manifest-invalid', `The bundle's manifest.json is not valid: ${why}.`);

/** The manifest of the bundle unpacked in `dir`; throws BundleError when it is missing or invalid. */
export async function readManifest(dir: string): Promise<BundleManifest> {
  const file = path.join(dir, 'manifest.json');
  const stat = await lstat(file).catch(() => undefined);
  if (!stat?.isFile())
    throw new BundleError(
      'manifest-missing',
      'The bundle has no manifest.json at its top level: it is no MCP bundle (.mcpb), or was packed from the wrong folder.',
    );
  if (stat.size > MAX_MANIFEST_BYTES) throw invalid(`it is larger than ${MAX_MANIFEST_BYTES / 1024} KiB`);
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw invalid(`it is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  return parseManifest(data);
}

/** `data` validated against the schema of the manifest version it names. */
export function parseManifest(data: unknown): BundleManifest {
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw invalid('it is not a JSON object');
  const record = data as Record<string, unknown>;
  const version = record.manifest_version ?? record.dxt_version;
  if (version === undefined) throw invalid('it names no "manifest_version"');
  if (!isManifestVersion(version))
    throw new BundleError(
      'manifest-version',
      `The bundle's manifest is of version ${JSON.stringify(version)}, which this version of Switchboard does not read (it reads ${MANIFEST_VERSIONS.join(', ')}). A newer Switchboard may install it.`,
    );
  const parsed = validateManifest(version, data);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 5)
      .map((i) => `${i.path.join('.') || '(top level)'}: ${i.message}`);
    const more = parsed.error.issues.length > 5 ? ` and ${parsed.error.issues.length - 5} more` : '';
    throw invalid(`${issues.join('; ')}${more}`);
  }
  const m = parsed.data as Record<string, unknown> & {
    name: string;
    display_name?: string;
    version: string;
    description: string;
    author: { name: string };
    server: BundleManifest['server'];
    user_config?: Record<string, UserConfigOption>;
    compatibility?: { platforms?: string[] };
  };
  return {
    manifestVersion: version,
    name: m.name,
    ...(m.display_name ? { displayName: m.display_name } : {}),
    version: m.version,
    description: m.description,
    author: { name: m.author.name },
    server: m.server,
    userConfig: m.user_config ?? {},
    ...(m.compatibility?.platforms ? { platforms: m.compatibility.platforms } : {}),
    raw: record,
  };
}
