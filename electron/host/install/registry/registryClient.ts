// The registry's read API (OpenAPI `ServerList` and `ServerResponse`, see README.md here): one page
// of entries, or one entry at a version. Each entry is read on its own; an answer whose envelope is
// wrong is refused whole.

import { isRecord } from '../../../../shared/json/isRecord';
import {
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_TIMEOUT_MS,
  type FetchLimits,
  fetchRegistryJson,
} from './fetchRegistryJson';
import { type RegistryEntry, readEntry, type ValidEntry } from './registryEntry';
import { RegistryError } from './registryError';
import { checkRegistryUrl } from './registryUrl';
import { exactVersionProblem } from './safeWords';

export interface RegistryClientOptions {
  /** A RegistryAddress's url (checked again here). */
  baseUrl: string;
  timeoutMs?: number;
  maxBodyBytes?: number;
  fetch?: typeof fetch;
}

export interface ServerQuery {
  /** Matched by the registry against names and descriptions. */
  search?: string;
  /** Entries per page, 1 to 100 (the registry's own default when absent). */
  limit?: number;
  /** The `nextCursor` of the page before. */
  cursor?: string;
  /** Only each server's latest version (default true); false lists every version. */
  latestOnly?: boolean;
  includeDeleted?: boolean;
}

export interface RegistryPage {
  entries: RegistryEntry[];
  /** Absent on the last page. */
  nextCursor?: string;
}

export class RegistryClient {
  readonly baseUrl: string;
  private readonly limits: Omit<FetchLimits, 'signal'>;

  constructor(options: RegistryClientOptions) {
    this.baseUrl = checkRegistryUrl(options.baseUrl);
    this.limits = {
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    };
  }

  /** One page of `GET /v0.1/servers`. */
  async listServers(query: ServerQuery = {}, signal?: AbortSignal): Promise<RegistryPage> {
    const url = new URL(`${this.baseUrl}/v0.1/servers`);
    if (query.search) url.searchParams.set('search', query.search);
    if (query.limit !== undefined)
      url.searchParams.set('limit', String(Math.min(100, Math.max(1, Math.trunc(query.limit)))));
    if (query.cursor) url.searchParams.set('cursor', query.cursor);
    if (query.latestOnly !== false) url.searchParams.set('version', 'latest');
    if (query.includeDeleted) url.searchParams.set('include_deleted', 'true');
    const body = await fetchRegistryJson(url.href, { ...this.limits, ...(signal ? { signal } : {}) });
    const bad = (why: string) =>
      new RegistryError('invalid-response', `${url.href} is not a registry's list of servers: ${why}`, {
        url: url.href,
      });
    if (!isRecord(body)) throw bad('the answer is not a JSON object');
    if (!Array.isArray(body.servers)) throw bad('it has no "servers" array');
    const metadata = body.metadata;
    if (metadata !== undefined && !isRecord(metadata)) throw bad('"metadata" is not an object');
    const next = metadata?.nextCursor;
    if (next !== undefined && next !== null && typeof next !== 'string')
      throw bad('"metadata.nextCursor" is not a string');
    if (next && next === query.cursor)
      throw new RegistryError(
        'cursor-loop',
        `The registry at ${this.baseUrl} answered the cursor ${JSON.stringify(next.slice(0, 80))} with the same cursor: it would page forever, so browsing stopped`,
        { url: url.href },
      );
    const entries = body.servers.map((item) => readEntry(item, this.baseUrl));
    return next ? { entries, nextCursor: next } : { entries };
  }

  /**
   * One entry at `version` (`latest` by default) by `GET /v0.1/servers/{name}/versions/{version}`:
   * valid, the name asked for, and one concrete version — what an install records. Anything else is a
   * RegistryError (`not-found`, `invalid-entry`…).
   */
  async getServer(name: string, version = 'latest', signal?: AbortSignal): Promise<ValidEntry> {
    const url = `${this.baseUrl}/v0.1/servers/${encodeURIComponent(name)}/versions/${encodeURIComponent(version)}`;
    let body: unknown;
    try {
      body = await fetchRegistryJson(url, { ...this.limits, ...(signal ? { signal } : {}) });
    } catch (error) {
      if (error instanceof RegistryError && error.kind === 'not-found')
        throw new RegistryError(
          'not-found',
          `The registry at ${this.baseUrl} has no server ${name}${version === 'latest' ? '' : ` at version ${version}`}`,
          error.details,
        );
      throw error;
    }
    const entry = readEntry(body, this.baseUrl);
    const invalid = (why: string) =>
      new RegistryError(
        'invalid-entry',
        `${name} ${version} from ${this.baseUrl} cannot be installed: ${why}`,
        {
          url,
        },
      );
    if (!entry.valid) throw invalid(entry.reasons.join('; '));
    if (entry.name !== name) throw invalid(`the registry answered with another server, ${entry.name}`);
    const problem = exactVersionProblem(entry.version);
    if (problem) throw invalid(`its version ${problem}`);
    if (version !== 'latest' && entry.version !== version)
      throw invalid(`the registry answered with version ${entry.version}`);
    return entry;
  }
}
