// Install from the MCP Registry, the library half: what the host (and later the UI) uses. See README.md.

export { buildDraft, type InstallDraft, suggestedServerName } from './buildDraft';
export type { InputField } from './inputFields';
export type { InstallProblem, InstallValues } from './inputResolver';
export { RegistryClient } from './registryClient';
export type { RegistryEntry, ValidEntry } from './registryEntry';
export { type ChosenValue, type RegistryOrigin, readOrigin, updateAvailable } from './registryOrigin';
export { listAllServers, RegistryPager } from './registryPager';
export { DEFAULT_REGISTRY_URL, registryAddress } from './registryUrl';
export { checkRuntime } from './runtimeCheck';
