// The `server.json` document as the official schema (server.schema.json, 2025-12-11) describes it.
// A value of these types has passed that schema (validateServerJson); fields the schema leaves open
// (registryType, runtimeHint) stay strings, and unknown fields may be present.

export type InputFormat = 'string' | 'number' | 'boolean' | 'filepath';

/** Something a person may be asked for, or a fixed value when `value` is set. */
export interface Input {
  description?: string;
  isRequired?: boolean;
  format?: InputFormat;
  /** Fixed: not for the person to change; `{name}` in it refers to `variables`. */
  value?: string;
  isSecret?: boolean;
  default?: string;
  placeholder?: string;
  choices?: string[];
}

export interface InputWithVariables extends Input {
  variables?: Record<string, Input>;
}

/** An environment variable (packages) or an HTTP header (remotes). */
export interface KeyValueInput extends InputWithVariables {
  name: string;
}

interface PositionalArgument extends InputWithVariables {
  type: 'positional';
  /** A label for the value; never on the command line. */
  valueHint?: string;
  isRepeated?: boolean;
}

interface NamedArgument extends InputWithVariables {
  type: 'named';
  /** The flag with its dashes: `--port`. */
  name: string;
  isRepeated?: boolean;
}

export type Argument = PositionalArgument | NamedArgument;

interface StdioTransport {
  type: 'stdio';
}
interface HttpTransport {
  type: 'streamable-http' | 'sse';
  /** A URL template: `{name}` refers to variables (remotes) or the package's inputs (packages). */
  url: string;
  headers?: KeyValueInput[];
}
type LocalTransport = StdioTransport | HttpTransport;

export interface RemoteTransport extends HttpTransport {
  variables?: Record<string, Input>;
}

export interface Package {
  /** npm, pypi, oci, nuget, mcpb… (the schema does not close the list). */
  registryType: string;
  registryBaseUrl?: string;
  /** A package name, an image reference, or (mcpb) a download URL. */
  identifier: string;
  version?: string;
  fileSha256?: string;
  runtimeHint?: string;
  transport: LocalTransport;
  runtimeArguments?: Argument[];
  packageArguments?: Argument[];
  environmentVariables?: KeyValueInput[];
}

export interface Icon {
  src: string;
  mimeType?: 'image/png' | 'image/jpeg' | 'image/jpg' | 'image/svg+xml' | 'image/webp';
  sizes?: string[];
  theme?: 'light' | 'dark';
}

export interface Repository {
  url: string;
  source: string;
  id?: string;
  subfolder?: string;
}

export interface ServerJson {
  $schema?: string;
  /** Reverse-DNS, one slash: `io.github.user/weather`. */
  name: string;
  description: string;
  title?: string;
  version: string;
  websiteUrl?: string;
  repository?: Repository;
  icons?: Icon[];
  packages?: Package[];
  remotes?: RemoteTransport[];
  _meta?: Record<string, unknown>;
}
