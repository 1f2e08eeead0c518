import type { BundleOpened } from '../../../shared/host/bundleView';
import type { HostConnection } from '../../hostClient';

const base64 = (bytes: Uint8Array): string => {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
};

/**
 * Sends a picked or dropped file to the host in pieces (the page has no path to give, only bytes),
 * then asks it to check and unpack it. A file over the window's limit is refused before a byte goes.
 */
export async function uploadBundle(
  host: Pick<HostConnection, 'call'>,
  file: File,
  onProgress: (sent: number) => void,
): Promise<BundleOpened> {
  const { maxUploadBytes, chunkBytes } = await host.call('getBundleAbilities');
  if (file.size > maxUploadBytes)
    return {
      ok: false,
      problem: 'too-large',
      message: `${file.name} is ${Math.round(file.size / 1024 / 1024)} MiB, more than the ${maxUploadBytes / 1024 / 1024} MiB a bundle may be when sent from this page.`,
    };
  if (file.size === 0) return { ok: false, problem: 'unreadable', message: `${file.name} is empty.` };
  const { uploadId } = await host.call('startBundleUpload', {
    fileName: file.name || 'bundle.mcpb',
    size: file.size,
  });
  for (let at = 0; at < file.size; at += chunkBytes) {
    const piece = new Uint8Array(await file.slice(at, at + chunkBytes).arrayBuffer());
    const { received } = await host.call('sendBundleChunk', uploadId, at, base64(piece));
    onProgress(received);
  }
  return host.call('openUploadedBundle', uploadId);
}
