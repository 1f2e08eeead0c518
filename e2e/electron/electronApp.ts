import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { skipWhen } from '../fixtures/skipWhen';

export const root = path.resolve(__dirname, '../..');

function binary(): string | undefined {
  try {
    // The electron package exports the binary's path, and throws when the binary was never downloaded.
    return createRequire(import.meta.url)('electron') as unknown as string;
  } catch {
    return undefined;
  }
}

/** Whether the Electron app can run here: its binary downloaded, and the app built. */
export function electronMissing(suite: string): boolean {
  const electron = binary();
  const available =
    electron !== undefined && existsSync(electron) && existsSync(path.join(root, 'out/main/index.js'));
  return skipWhen(
    !available,
    `${suite} needs the Electron binary, which this machine cannot download ` +
      '(ELECTRON_SKIP_BINARY_DOWNLOAD=1, no network beyond the registries); it runs wherever `npm install` fetched it, after `npm run build`',
  );
}
