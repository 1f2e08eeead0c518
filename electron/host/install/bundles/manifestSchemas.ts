// The schemas of a bundle's manifest.json, one per version of the MCPB manifest spec, from the spec's
// own package (`@anthropic-ai/mcpb/schemas`: what `mcpb validate` and `mcpb pack` check, in their
// words — zod 3, the package's own copy).
import { VERSIONED_MANIFEST_SCHEMAS } from '@anthropic-ai/mcpb/schemas';

export type ManifestVersion = keyof typeof VERSIONED_MANIFEST_SCHEMAS;
export const MANIFEST_VERSIONS = Object.keys(VERSIONED_MANIFEST_SCHEMAS) as ManifestVersion[];

export const isManifestVersion = (v: unknown): v is ManifestVersion =>
  typeof v === 'string' && Object.hasOwn(VERSIONED_MANIFEST_SCHEMAS, v);

/** `data` checked against the schema of `version`, its problems in the spec package's words. */
export const validateManifest = (version: ManifestVersion, data: unknown) =>
  VERSIONED_MANIFEST_SCHEMAS[version].safeParse(data);
