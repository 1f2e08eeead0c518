// Install from the MCP Registry, the library half: what the host (and later the UI) uses. See README.md.

export {
  type BundleReference,
  buildDraft,
  type DraftOptions,
  type InstallDraft,
  suggestedServerName,
} from './buildDraft';
export type { FieldTarget, InputField } from './inputFields';
export type { InstallProblem, InstallValues } from './inputResolver';
export type {
  BundleChoice,
  InstallChoice,
  PackageChoice,
  RemoteChoice,
  UnavailableChoice,
} from './installChoices';
export type { Runtime } from './packageLaunch';
export {
  RegistryClient,
  type RegistryClientOptions,
  type RegistryPage,
  type ServerQuery,
} from './registryClient';
export type { InvalidEntry, OfficialMeta, RegistryEntry, RegistryStatus, ValidEntry } from './registryEntry';
export { isRegistryError, RegistryError, type RegistryErrorKind } from './registryError';
export {
  type ChosenValue,
  compareVersions,
  ORIGIN_FIELD,
  type RegistryOrigin,
  readOrigin,
  type UpdateCheck,
  updateAvailable,
} from './registryOrigin';
export { DEFAULT_MAX_PAGES, listAllServers, RegistryPager } from './registryPager';
export {
  DEFAULT_REGISTRY_URL,
  REGISTRY_URL_ENV,
  type RegistryAddress,
  registryAddress,
} from './registryUrl';
export { checkRuntime, findOnPath, RUNTIME_SOURCES, type RuntimeCheck, serverPath } from './runtimeCheck';
export type { ServerJson } from './serverJson';
export { SERVER_SCHEMA_SOURCE, validateServerJson } from './validateServerJson';
