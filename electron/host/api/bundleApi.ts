import type { BundleOpened } from '../../../shared/host/bundleView';
import { BUNDLE_CHUNK_BYTES, type BUNDLE_METHODS } from '../../../shared/ipc/bundleContract';
import type { AreaApi } from '../../../shared/ipc/contract';
import { refuseTakenName } from '../config/refuseTakenName';
import { serverToRaw } from '../config/serverConfig';
import type { HostParts } from '../hostParts';
import { configuredRegistry } from '../install/configuredRegistry';
import { DownloadError, downloadBundle } from '../install/downloadBundle';
import { buildDraft } from '../install/registry';
import { ORIGIN_FIELD, originToRaw } from '../install/registry/registryOrigin';
import type { InstalledFrom } from '../policy/installRecords';
import { withSandboxChoice } from '../sandbox/confinedByDefault';
import type { ShellAbilities } from './shellAbilities';

/**
 * The bundle area of the contract: a .mcpb file from the page (uploaded in pieces), from the shell's
 * file dialog, or from a registry entry (downloaded, checked against its fileSha256) is checked and
 * unpacked by the host into a preview; the person fills its settings, reviews exactly what it runs,
 * and confirms. Then it is written to config.json (secrets to the SecretStore) and waits for the same
 * trust prompt as a hand-added server.
 */
export function bundleApi(host: HostParts, shell: ShellAbilities) {
  const { bundlePlans: plans, bundleUploads: uploads } = host;
  const taken = (name: string) => refuseTakenName(host.registry, name);

  return {
    async getBundleAbilities() {
      return {
        nativeFilePicker: shell.pickBundleFile !== undefined,
        nativePathPicker: shell.pickDirectory !== undefined && shell.pickFile !== undefined,
        folderBrowser: shell.browseDirectories === true,
        maxUploadBytes: uploads.maxBytes,
        chunkBytes: BUNDLE_CHUNK_BYTES,
      };
    },
    async startBundleUpload({ fileName, size }) {
      return { uploadId: await uploads.start(fileName, size) };
    },
    async sendBundleChunk(uploadId, offset, base64) {
      const bytes = Buffer.from(base64, 'base64');
      if (bytes.length === 0 || bytes.length > BUNDLE_CHUNK_BYTES)
        throw new Error(`A piece of an upload holds 1 to ${BUNDLE_CHUNK_BYTES} bytes`);
      return { received: await uploads.append(uploadId, offset, bytes) };
    },
    async openUploadedBundle(uploadId) {
      return uploads.take(uploadId, (file, fileName) => plans.open(file, { kind: 'file', file: fileName }));
    },
    async pickBundleFile() {
      if (!shell.pickBundleFile)
        throw new Error('This window has no native file dialog: choose the file in the page instead');
      const file = await shell.pickBundleFile();
      return file === undefined ? null : plans.open(file, { kind: 'file', file });
    },
    async openRegistryBundle({ entry, choice }): Promise<BundleOpened> {
      const latest = await (await configuredRegistry(host.settings)).getServer(entry);
      const draft = buildDraft(latest, choice, {}, { name: 'bundle' });
      if (!draft.ok)
        return { ok: false, problem: 'registry', message: draft.problems.map((p) => p.message).join('; ') };
      if (draft.kind !== 'bundle')
        return { ok: false, problem: 'registry', message: `${entry} ${choice} is not an MCP bundle` };
      const { url, fileSha256 } = draft.bundle;
      let opened: BundleOpened;
      try {
        opened = await downloadBundle(url, { bundlesDir: plans.bundlesDir }, (file) =>
          plans.open(
            file,
            { kind: 'registry', url, entry: draft.origin.name, version: draft.origin.version },
            { expectedSha256: fileSha256, registryOrigin: draft.origin },
          ),
        );
      } catch (error) {
        if (error instanceof DownloadError) return { ok: false, problem: 'download', message: error.message };
        throw error;
      }
      return opened;
    },
    async prepareBundleServer({ planId, name, values }) {
      taken(name);
      const review = plans.prepare(planId, name, values);
      const draft = plans.prepared(planId);
      if (!review.ok || !draft) return review;
      // Judged as it will stand once the host has recorded installing it: said before the person confirms.
      const registry = plans.peek(planId).registryOrigin;
      const refused = await host.policy.refusalOf(
        name,
        serverToRaw(draft.server),
        'bundle',
        registry
          ? {
              kind: 'registry',
              name: registry.name,
              registryUrl: registry.registryUrl,
              version: registry.version,
            }
          : { kind: 'bundle' },
      );
      return refused ? { ...review, refused } : review;
    },
    async confirmBundleServer(planId, sandbox) {
      const opened = plans.peek(planId);
      const { bundle, registryOrigin: registry } = opened;
      const draft = plans.take(planId);
      try {
        taken(draft.server.name);
        // Store first: a config that references a secret which failed to save would not start.
        for (const s of draft.secrets) await host.secrets.set(s.id, s.value);
        const own = withSandboxChoice(serverToRaw(draft.server), sandbox);
        const raw = registry ? { ...own, [ORIGIN_FIELD]: originToRaw(registry) } : own;
        // The host's own record of where it came from: the policy believes this, not config.json.
        const from: InstalledFrom = registry
          ? { kind: 'registry', ...registry }
          : { kind: 'bundle', name: bundle.origin.name, version: bundle.origin.version };
        await host.installs.installing([{ server: draft.server.name, from, raw }], () =>
          host.registry.upsert(draft.server.name, raw, {
            via: 'bundle',
            detail: `${bundle.origin.name}@${bundle.origin.version}, ${bundle.origin.signature.status}`,
          }),
        );
      } catch (error) {
        plans.putBack(planId, draft, opened);
        throw error;
      }
      return { server: draft.server.name };
    },
    async cancelBundle(planId) {
      await plans.cancel(planId);
    },
    async pickBundlePath(kind) {
      const pick = kind === 'folder' ? shell.pickDirectory : shell.pickFile;
      if (!pick) throw new Error('This window has no native dialog: type the full path instead');
      return (await pick()) ?? null;
    },
  } satisfies AreaApi<typeof BUNDLE_METHODS>;
}
