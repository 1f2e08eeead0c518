/** What every telemetry header's secret id starts with. */
const TELEMETRY_HEADERS = 'telemetry/headers/';

/**
 * The SecretStore id of a telemetry header's value (Settings → Telemetry), bound to the origin of the
 * endpoint it was entered for, as a provider's key is (providerKey.ts): pointing the endpoint
 * elsewhere finds no value there, so a backend's key never follows to a collector the person did not
 * give it to.
 */
export function telemetryHeaderId(name: string, endpoint: string): string {
  return `${TELEMETRY_HEADERS}${encodeURIComponent(name.toLowerCase())}@${new URL(endpoint).origin}`;
}

/** Every telemetry header value, whatever origin it is bound to (all are removed with the header). */
export function telemetryHeaderIdsOf(name: string): string {
  return `${TELEMETRY_HEADERS}${encodeURIComponent(name.toLowerCase())}@`;
}
