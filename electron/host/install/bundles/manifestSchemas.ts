// The schemas of a bundle's manifest.json, one per version of the MCPB manifest spec (0.1 … 0.4), field
// by field as the spec's own package (`@anthropic-ai/mcpb` 2.1.2, `mcpb validate` and `mcpb pack`)
// checks them: strict objects, the same required fields, enums, URL and e-mail checks and messages.
// Written here rather than imported so that the app ships no part of that package; the test beside
// this file holds them to the package's own schemas, manifest by manifest and message by message.
import { z } from 'zod';

export const MANIFEST_VERSIONS = ['0.1', '0.2', '0.3', '0.4'] as const;
export type ManifestVersion = (typeof MANIFEST_VERSIONS)[number];

// The e-mail pattern of zod 3, which the spec's package validates with.
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Z0-9_'+\-.]*)[A-Z0-9_+-]@([A-Z0-9][A-Z0-9-]*\.)+[A-Z]{2,}$/i;
const LOCALE_PLACEHOLDER = /\$\{locale\}/i;
const BCP47 = /^[A-Za-z0-9]{2,8}(?:-[A-Za-z0-9]{1,8})*$/;
const ICON_SIZE = /^\d+x\d+$/;

const email = () => z.string().regex(EMAIL, 'Invalid email');
// What the WHATWG URL parser takes, any scheme (as zod 3's url check: `new URL(s)` does not throw).
const url = () => z.string().refine((s) => URL.canParse(s), 'Invalid url');

const launch = {
  command: z.string(),
  args: z.array(z.string()).optional(),
  env: z.record(z.string(), z.string()).optional(),
};
const platformOverride = z.strictObject({
  command: launch.command.optional(),
  args: launch.args,
  env: launch.env,
});
const mcpConfig = z.strictObject({
  ...launch,
  platform_overrides: z.record(z.string(), platformOverride).optional(),
});

const author = z.strictObject({
  name: z.string(),
  email: email().optional(),
  url: url().optional(),
});
const repository = z.strictObject({ type: z.string(), url: url() });
const compatibility = z.strictObject({
  claude_desktop: z.string().optional(),
  platforms: z.array(z.enum(['darwin', 'win32', 'linux'])).optional(),
  runtimes: z.strictObject({ python: z.string().optional(), node: z.string().optional() }).optional(),
});
const tool = z.strictObject({ name: z.string(), description: z.string().optional() });
const prompt = z.strictObject({
  name: z.string(),
  description: z.string().optional(),
  arguments: z.array(z.string()).optional(),
  text: z.string(),
});
const userConfigOption = z.strictObject({
  type: z.enum(['string', 'number', 'boolean', 'directory', 'file']),
  title: z.string(),
  description: z.string(),
  required: z.boolean().optional(),
  default: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).optional(),
  multiple: z.boolean().optional(),
  sensitive: z.boolean().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
});
const icon = z.strictObject({
  src: z.string(),
  size: z.string().regex(ICON_SIZE, 'size must be in the format "WIDTHxHEIGHT" (e.g., "16x16")'),
  theme: z.string().min(1, 'theme cannot be empty when provided').optional(),
});
const localization = z.strictObject({
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the spec's own placeholder
  resources: z.string().regex(LOCALE_PLACEHOLDER, 'resources must include a "${locale}" placeholder'),
  default_locale: z.string().regex(BCP47, 'default_locale must be a valid BCP 47 locale identifier'),
});

// What each version added to the one before: 0.2 privacy policies; 0.3 icons, localization and _meta;
// 0.4 the uv server type.
const ADDED: Record<string, ManifestVersion> = {
  privacy_policies: '0.2',
  icons: '0.3',
  localization: '0.3',
  _meta: '0.3',
};

const from = (version: ManifestVersion, first: ManifestVersion) =>
  MANIFEST_VERSIONS.indexOf(version) >= MANIFEST_VERSIONS.indexOf(first);

function manifestSchema(version: ManifestVersion) {
  const serverTypes: [string, ...string[]] = from(version, '0.4')
    ? ['python', 'node', 'binary', 'uv']
    : ['python', 'node', 'binary'];
  // Keys in the package's order: zod reports a manifest's problems in the order of its schema's keys.
  const shape = {
    $schema: z.string().optional(),
    dxt_version: z.literal(version).optional(),
    manifest_version: z.literal(version).optional(),
    name: z.string(),
    display_name: z.string().optional(),
    version: z.string(),
    description: z.string(),
    long_description: z.string().optional(),
    author,
    repository: repository.optional(),
    homepage: url().optional(),
    documentation: url().optional(),
    support: url().optional(),
    icon: z.string().optional(),
    icons: z.array(icon).optional(),
    screenshots: z.array(z.string()).optional(),
    localization: localization.optional(),
    server: z.strictObject({
      type: z.enum(serverTypes as ['python', 'node', 'binary', 'uv']),
      entry_point: z.string(),
      mcp_config: mcpConfig,
    }),
    tools: z.array(tool).optional(),
    tools_generated: z.boolean().optional(),
    prompts: z.array(prompt).optional(),
    prompts_generated: z.boolean().optional(),
    keywords: z.array(z.string()).optional(),
    license: z.string().optional(),
    privacy_policies: z.array(url()).optional(),
    compatibility: compatibility.optional(),
    user_config: z.record(z.string(), userConfigOption).optional(),
    _meta: z.record(z.string(), z.record(z.string(), z.any())).optional(),
  };
  for (const [key, first] of Object.entries(ADDED))
    if (!from(version, first)) delete (shape as Record<string, unknown>)[key];
  return z.strictObject(shape).refine((data) => !!(data.dxt_version || data.manifest_version), {
    message: "Either 'dxt_version' (deprecated) or 'manifest_version' must be provided",
  });
}

const MANIFEST_SCHEMAS: Record<ManifestVersion, ReturnType<typeof manifestSchema>> = {
  '0.1': manifestSchema('0.1'),
  '0.2': manifestSchema('0.2'),
  '0.3': manifestSchema('0.3'),
  '0.4': manifestSchema('0.4'),
};

export const isManifestVersion = (v: unknown): v is ManifestVersion =>
  (MANIFEST_VERSIONS as readonly unknown[]).includes(v);

/** A value's type in zod 3's words ("Expected string, received number"). */
function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'nan';
  return typeof value;
}
const quoted = (values: readonly unknown[], separator: string) =>
  values.map((v) => (typeof v === 'string' ? `'${v}'` : String(v))).join(separator);

/**
 * Problems said as the spec's package says them (zod 3's words: "Required", "Invalid email",
 * "Unrecognized key(s) in object: 'x'"), the words bundle authors see from `mcpb validate`.
 */
const manifestMessage: z.core.$ZodErrorMap = (issue) => {
  if (issue.input === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_value'))
    return 'Required';
  switch (issue.code) {
    case 'invalid_type':
      return `Expected ${issue.expected === 'record' ? 'object' : issue.expected}, received ${typeName(issue.input)}`;
    case 'invalid_value':
      if (issue.inst instanceof z.ZodLiteral)
        return `Invalid literal value, expected ${JSON.stringify(issue.values[0])}`;
      return typeof issue.input === 'string'
        ? `Invalid enum value. Expected ${quoted(issue.values, ' | ')}, received '${issue.input}'`
        : `Expected ${quoted(issue.values, ' | ')}, received ${typeName(issue.input)}`;
    case 'unrecognized_keys':
      return `Unrecognized key(s) in object: ${quoted(issue.keys, ', ')}`;
    case 'invalid_union':
      return 'Invalid input';
    default:
      return undefined;
  }
};

/** `data` checked against the schema of `version`, its problems in the spec package's words. */
export const validateManifest = (version: ManifestVersion, data: unknown) =>
  MANIFEST_SCHEMAS[version].safeParse(data, { error: manifestMessage });
