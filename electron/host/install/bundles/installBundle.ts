// Installing a .mcpb file: checked whole before anything of it is kept. The file is copied first, so
// what is verified is what is unpacked (a file swapped meanwhile changes nothing); it is unpacked in a
// private folder of the data folder's bundles/ and moved to its own folder there only once everything
// held. Whatever fails, nothing is left on disk.
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { BundleError } from './bundleError';
import { digestBundle, readBundleLayout } from './bundleFile';
import { type BundleFormField, bundleForm } from './bundleForm';
import { resolveLaunch } from './bundleLaunch';
import { type BundleManifest, readManifest, type UserConfigValue } from './bundleManifest';
import { type BundleRuntime, currentRuntime } from './bundleRuntime';
import { type BundleSignature, judgeSignature, type TrustCheck } from './bundleSignature';
import { type CmsSignature, readCmsSignature } from './cmsSignature';
import { DEFAULT_UNPACK_LIMITS, type UnpackLimits, unpackZip } from './unpackZip';

/** Where an installed bundle came from, for the person to read and for the config to keep. */
export interface BundleOrigin {
  name: string;
  displayName?: string;
  version: string;
  description: string;
  author: string;
  /** The .mcpb file it was installed from. */
  file: string;
  /** Its unpacked folder (inside the bundles folder). */
  dir: string;
  /** SHA-256 of the .mcpb file, hex. */
  sha256: string;
  /** True when the file was checked against the SHA-256 a registry listed for it. */
  sha256Checked: boolean;
  signature: BundleSignature;
}

export interface InstalledBundle {
  origin: BundleOrigin;
  manifest: BundleManifest;
  /** The settings to ask for before it runs (may be empty). */
  form: BundleFormField[];
}

export interface InstallOptions {
  /** The .mcpb file. */
  file: string;
  /** The folder bundles are unpacked in: `bundles` in the data folder. */
  bundlesDir: string;
  /** The file's SHA-256 as a registry lists it (`fileSha256`): a file that differs is refused. */
  expectedSha256?: string;
  limits?: Partial<UnpackLimits> & { maxFileBytes?: number };
  /** Whether the trust store vouches for a signer; defaults to the OS check (certificateTrust.ts). */
  trust?: TrustCheck;
  runtime?: BundleRuntime;
}

const DEFAULT_MAX_FILE_BYTES = 512 * 1024 * 1024;

/** A folder name for a bundle: readable, and never the same twice (two installs never share files). */
function folderName(manifest: BundleManifest): string {
  const slug = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/^[-.]+|-+$/g, '')
      .slice(0, 60) || 'bundle';
  return `${slug(manifest.name)}-${slug(manifest.version)}-${randomBytes(4).toString('hex')}`;
}

/** Every value a launch may need, for checking what a manifest runs before the person filled the form. */
function placeholders(form: BundleFormField[], dir: string): Record<string, UserConfigValue> {
  const out: Record<string, UserConfigValue> = {};
  for (const f of form) {
    if (f.default !== undefined) out[f.key] = f.default;
    else if (f.type === 'number') out[f.key] = f.min ?? 0;
    else if (f.type === 'boolean') out[f.key] = false;
    else if (f.type === 'string') out[f.key] = 'value';
    else out[f.key] = f.multiple ? [dir] : dir;
  }
  return out;
}

/**
 * Checks and unpacks a bundle: its SHA-256 (when a registry listed one), its signature, its archive
 * and its manifest, and what it would run. Throws BundleError saying what was wrong; then nothing of
 * it stays on disk. The bundle does not run until a server is made of it (bundleServerDraft).
 */
export async function installBundle(options: InstallOptions): Promise<InstalledBundle> {
  const runtime = options.runtime ?? currentRuntime();
  const limits = { ...DEFAULT_UNPACK_LIMITS, ...options.limits };
  const maxFileBytes = options.limits?.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const tooLarge = (size: number) =>
    new BundleError(
      'unreadable',
      `The bundle file is ${Math.round(size / 1024 / 1024)} MiB, more than the ${maxFileBytes / 1024 / 1024} MiB a bundle may be.`,
    );
  const given = await stat(options.file).catch(() => undefined);
  if (!given?.isFile()) throw new BundleError('unreadable', `There is no bundle file at ${options.file}.`);
  if (given.size > maxFileBytes) throw tooLarge(given.size);

  const bundlesDir = path.resolve(options.bundlesDir);
  await mkdir(bundlesDir, { recursive: true, mode: 0o700 });
  const work = await mkdtemp(path.join(bundlesDir, '.installing-'));
  try {
    const copy = path.join(work, 'bundle.mcpb');
    await copyFile(options.file, copy);
    const handle = await open(copy, 'r');
    let layout: Awaited<ReturnType<typeof readBundleLayout>>;
    let digests: Awaited<ReturnType<typeof digestBundle>>;
    let cms: CmsSignature | undefined;
    try {
      // The copy's own size: the file may have grown since it was looked at.
      const size = (await handle.stat()).size;
      if (size > maxFileBytes) throw tooLarge(size);
      layout = await readBundleLayout(handle, size);
      cms = layout.signature ? readCmsSignature(layout.signature) : undefined;
      digests = await digestBundle(handle, layout, cms?.digest ?? 'sha256');
    } finally {
      await handle.close();
    }
    const expected = options.expectedSha256?.trim().toLowerCase();
    if (expected !== undefined && expected !== digests.sha256)
      throw new BundleError(
        'sha256-mismatch',
        `The bundle file is not the one the registry lists: its SHA-256 is ${digests.sha256}, the registry's ${expected}. It may have been changed on the way; do not install it.`,
      );
    const signature = await judgeSignature(
      cms ? { cms, archiveDigest: digests.archive } : undefined,
      options.trust,
    );

    const files = path.join(work, 'files');
    await mkdir(files);
    // Exactly the bytes the signature was checked against: the same range of the same private copy.
    await unpackZip(copy, layout.archive, files, limits);
    const manifest = await readManifest(files);
    const unpacked = bundleForm(manifest, files, runtime);
    resolveLaunch(manifest, unpacked, files, placeholders(unpacked, files), runtime);
    const dir = path.join(bundlesDir, folderName(manifest));
    const form = bundleForm(manifest, dir, runtime);
    await rename(files, dir);
    return {
      manifest,
      form,
      origin: {
        name: manifest.name,
        ...(manifest.displayName ? { displayName: manifest.displayName } : {}),
        version: manifest.version,
        description: manifest.description,
        author: manifest.author.name,
        file: path.resolve(options.file),
        dir,
        sha256: digests.sha256,
        sha256Checked: expected !== undefined,
        signature,
      },
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Whether `dir` is an unpacked bundle's folder: directly inside `bundlesDir`, and not its work area. */
export function isBundleDir(bundlesDir: string, dir: string): boolean {
  const rel = path.relative(path.resolve(bundlesDir), path.resolve(dir));
  return rel !== '' && !rel.includes(path.sep) && !rel.includes('/') && rel !== '..' && !rel.startsWith('.');
}

/**
 * Removes an installed bundle's files (when its server is removed, or an install is cancelled before
 * a server was made of it). Refuses any folder that is not a bundle's, so a config file edited to name
 * another folder removes nothing else.
 */
export async function removeBundle(bundlesDir: string, dir: string): Promise<void> {
  if (!isBundleDir(bundlesDir, dir))
    throw new BundleError('unreadable', `${dir} is not an installed bundle's folder; nothing was removed.`);
  await rm(path.resolve(dir), { recursive: true, force: true });
}

/**
 * Removes what interrupted installs left in `bundlesDir`, and every bundle folder no server uses
 * (`inUse`: the folders of configured servers' bundles, as bundleOriginOf reads them). For the app's
 * start, before any install begins: a bundle installed and not yet made into a server goes too.
 * Returns the names removed.
 */
export async function sweepBundles(bundlesDir: string, inUse: string[]): Promise<string[]> {
  const keep = new Set(inUse.map((d) => path.resolve(d)));
  const names = await readdir(bundlesDir).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const full = path.join(path.resolve(bundlesDir), name);
    if (keep.has(full) || !(name.startsWith('.installing-') || isBundleDir(bundlesDir, full))) continue;
    await rm(full, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
