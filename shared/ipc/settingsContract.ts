// biome-ignore-all lint/suspicious/noConfusingVoidType: a result type is what the method's promise resolves to; void is exactly that.
import { z } from 'zod';
import { BUILT_IN_PROVIDERS } from '../host/providerSettings';
import { providerSettingsSchema } from '../host/providerSettingsSchema';
import type { Settings, SettingsView } from '../host/settings';
import { headerNameProblem, OTLP_PROTOCOLS, type OtlpProtocol } from '../host/telemetrySettings';
import { providerId } from './argumentSchemas';

const headerName = z
  .string()
  .max(128)
  .refine((name) => !headerNameProblem(name), { error: (issue) => headerNameProblem(String(issue.input)) });

const telemetrySchema = z
  .object({
    enabled: z.boolean(),
    // Checked whole by the store (otlpEndpointProblem), which names what is wrong; empty while off.
    endpoint: z.string().max(2048),
    protocol: z.enum(OTLP_PROTOCOLS as [OtlpProtocol, ...OtlpProtocol[]]),
    headerNames: z.array(headerName).max(20),
    signals: z.object({ traces: z.boolean(), metrics: z.boolean(), logs: z.boolean() }).strict(),
    captureContent: z.boolean(),
  })
  .strict();

const settingsSchema = z
  .object({
    // The built-in ones, and as many as the person may add.
    providers: z.array(providerSettingsSchema).max(BUILT_IN_PROVIDERS.length + 50),
    defaultProvider: providerId,
    oauth: z.object({ clientMetadataUrl: z.string().min(1).max(2048).optional() }).strict(),
    sampling: z
      .object({
        maxTokensCap: z.number().int().min(1).max(1_000_000),
        perServerPerMinute: z.number().int().min(0).max(10_000),
      })
      .strict(),
    elicitation: z.object({ perServerPerMinute: z.number().int().min(0).max(10_000) }).strict(),
    activity: z
      .object({
        keepDays: z.number().int().min(0).max(36_500),
        keepMegabytes: z.number().int().min(0).max(1_000_000),
        keepResultsWhole: z.boolean(),
      })
      .strict(),
    toolTokenBudget: z.number().int().min(100).max(1_000_000).optional(),
    toolSearch: z.enum(['auto', 'always', 'off']).optional(),
    titleWithModel: z.boolean().optional(),
    registryUrl: z.string().min(1).max(2048).optional(),
    telemetry: telemetrySchema.optional(),
  })
  .strict() satisfies z.ZodType<Settings>;

/** Settings, the model providers' keys and models, and how secrets are kept. */
export const SETTINGS_METHODS = {
  secretStorage: z.tuple([]),
  getSettings: z.tuple([]),
  saveSettings: z.tuple([settingsSchema]),
  /**
   * Write-only: a provider's key goes into the SecretStore, bound to that provider and its base
   * URL's origin, and never comes back (null removes it).
   */
  setApiKey: z.tuple([providerId, z.string().min(1).max(1024).nullable()]),
  /**
   * Write-only: a telemetry header's value (Settings → Telemetry) goes into the SecretStore, bound to
   * the header's name and the endpoint's origin, and never comes back (null removes it).
   */
  setTelemetryHeader: z.tuple([headerName, z.string().min(1).max(8192).nullable()]),
  /** A provider's models (from its API, kept a while). */
  listModels: z.tuple([providerId]),
} as const;

export interface SettingsResults {
  /** Whether secrets are encrypted at rest (the UI warns when they are not). */
  /** Whether stored secrets are encrypted at rest, and whether any is stored yet. */
  secretStorage: { encrypted: boolean; holdsSecrets: boolean };
  getSettings: SettingsView;
  saveSettings: void;
  setApiKey: void;
  setTelemetryHeader: void;
  listModels: { models: string[]; source: 'api' | 'fallback'; error?: string };
}
