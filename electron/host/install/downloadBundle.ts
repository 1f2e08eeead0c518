// Downloading a registry entry's bundle: https only, at every hop; a few redirects followed (release
// files live behind them, as GitHub's do), each to https again and never carrying a user name; the
// size bounded while it arrives; a stall or an overlong download ended. What arrives is only a file:
// the installer checks it against the registry's fileSha256 before anything else is done with it.
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface DownloadOptions {
  /** The download goes into a private work folder of this one (swept at start if left behind). */
  bundlesDir: string;
  maxBytes?: number;
  /** The whole download. */
  timeoutMs?: number;
  /** No byte for this long ends it. */
  idleMs?: number;
  maxRedirects?: number;
  fetch?: typeof fetch;
}

const DEFAULT_DOWNLOAD_MAX_BYTES = 512 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 10 * 60_000;
const DEFAULT_IDLE_MS = 30_000;
const DEFAULT_MAX_REDIRECTS = 5;

export class DownloadError extends Error {
  override name = 'DownloadError';
}

const mib = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;

/** Why `url` may not be fetched, or undefined. */
export function downloadUrlProblem(url: string): string | undefined {
  if (!URL.canParse(url)) return `${JSON.stringify(url.slice(0, 200))} is not a URL`;
  const u = new URL(url);
  if (u.protocol !== 'https:') return `${u.origin} is not https: bundles are downloaded over https only`;
  if (u.username || u.password) return `${u.origin}: the address holds a user name or password`;
  return undefined;
}

/**
 * Downloads `url` into a work folder; `use` gets the file, then the folder is removed whatever `use`
 * did. Throws DownloadError saying what went wrong (nothing is kept then).
 */
export async function downloadBundle<T>(
  url: string,
  options: DownloadOptions,
  use: (file: string) => Promise<T>,
): Promise<T> {
  const maxBytes = options.maxBytes ?? DEFAULT_DOWNLOAD_MAX_BYTES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  const idle = new AbortController();
  const signal = AbortSignal.any([AbortSignal.timeout(timeoutMs), idle.signal]);
  await mkdir(options.bundlesDir, { recursive: true, mode: 0o700 });
  const dir = await mkdtemp(path.join(options.bundlesDir, '.installing-download-'));
  try {
    const response = await follow(url, options, signal);
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body?.cancel().catch(() => {});
      throw new DownloadError(`${url} is ${mib(declared)}, more than the ${mib(maxBytes)} a bundle may be.`);
    }
    if (!response.body) throw new DownloadError(`${url} sent no file.`);
    const file = path.join(dir, 'download.mcpb');
    let received = 0;
    let timer = setTimeout(() => idle.abort(), idleMs);
    const counted = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream).map(
      (chunk: Buffer) => {
        received += chunk.length;
        clearTimeout(timer);
        timer = setTimeout(() => idle.abort(), idleMs);
        if (received > maxBytes)
          throw new DownloadError(`${url} sent more than the ${mib(maxBytes)} a bundle may be.`);
        return chunk;
      },
    );
    try {
      await pipeline(counted, createWriteStream(file, { mode: 0o600 }), { signal });
    } catch (error) {
      if (error instanceof DownloadError) throw error;
      throw stopped(url, error, signal, idle.signal, timeoutMs, idleMs);
    } finally {
      clearTimeout(timer);
    }
    return await use(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function stopped(
  url: string,
  error: unknown,
  signal: AbortSignal,
  idle: AbortSignal,
  timeoutMs: number,
  idleMs: number,
): DownloadError {
  if (idle.aborted) return new DownloadError(`${url} sent nothing for ${idleMs / 1000} s; try again later.`);
  if (signal.aborted)
    return new DownloadError(
      `${url} took longer than ${timeoutMs / 60_000} min to download; try again later.`,
    );
  const cause =
    error instanceof Error
      ? error.cause instanceof Error
        ? error.cause.message
        : error.message
      : String(error);
  return new DownloadError(`${url} could not be downloaded: ${cause}.`);
}

/** GET `url`, following https redirects (no more than allowed); the final 2xx response. */
async function follow(url: string, options: DownloadOptions, signal: AbortSignal): Promise<Response> {
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  let at = url;
  for (let hop = 0; ; hop++) {
    const problem = downloadUrlProblem(at);
    if (problem)
      throw new DownloadError(
        hop === 0
          ? `The bundle cannot be downloaded: ${problem}.`
          : `${url} redirected to a refused address: ${problem}.`,
      );
    let response: Response;
    try {
      response = await (options.fetch ?? fetch)(at, { signal, redirect: 'manual' });
    } catch (error) {
      throw stopped(
        at,
        error,
        signal,
        new AbortController().signal,
        options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        0,
      );
    }
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => {});
      const location = response.headers.get('location');
      if (!location) throw new DownloadError(`${at} redirected (${response.status}) to no address.`);
      if (hop >= maxRedirects) throw new DownloadError(`${url} redirected more than ${maxRedirects} times.`);
      at = new URL(location, at).href;
      continue;
    }
    if (response.status < 200 || response.status >= 300) {
      await response.body?.cancel().catch(() => {});
      throw new DownloadError(`${at} answered HTTP ${response.status}: the bundle could not be downloaded.`);
    }
    return response;
  }
}
