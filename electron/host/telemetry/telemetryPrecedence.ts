import type { TelemetrySettings } from '../../../shared/host/telemetrySettings';
import type { TelemetrySource } from '../../../shared/host/telemetryView';
import type { PolicyTelemetry } from '../policy/managedPolicy';
import {
  type TelemetryConfig,
  telemetryFromEnv,
  telemetryFromPolicy,
  telemetryFromSettings,
} from './telemetryConfig';

/**
 * Which configuration is in force: the managed policy's (the person cannot turn it off), else
 * Settings → Telemetry's once the person has saved it there (on or off — off then means off, whatever
 * the environment says), else the OTEL_* environment's. Settings and the policy choose where, whether
 * and what; the environment still gives the service name, sampler and bounds in every case.
 */
export function chooseTelemetry(sources: {
  policy: PolicyTelemetry | undefined;
  telemetry: TelemetrySettings | undefined;
  headers: Record<string, string>;
  env: NodeJS.ProcessEnv;
}): { config: TelemetryConfig | undefined; from: TelemetrySource; problems: string[] } {
  const { policy, telemetry, headers, env } = sources;
  if (policy) return { ...telemetryFromPolicy(policy, env), from: 'policy' };
  if (telemetry) return { ...telemetryFromSettings(telemetry, headers, env), from: 'settings' };
  return { ...telemetryFromEnv(env), from: 'environment' };
}
