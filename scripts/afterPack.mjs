// electron-builder afterPack hook: flips Electron's fuses in the packaged binary, so the shipped app
// cannot be turned into a plain Node runtime or inspected, and loads only its own integrity-checked asar.
import path from 'node:path';
import { FuseV1Options, FuseVersion, flipFuses } from '@electron/fuses';

export const FUSES = {
  version: FuseVersion.V1,
  [FuseV1Options.RunAsNode]: false,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  [FuseV1Options.EnableCookieEncryption]: true,
};

/** Where electron-builder put the app's executable for this platform. */
export function executableOf(context) {
  const { appOutDir, electronPlatformName, packager } = context;
  const name = packager.appInfo.productFilename;
  if (electronPlatformName === 'darwin' || electronPlatformName === 'mas')
    return path.join(appOutDir, `${name}.app`);
  if (electronPlatformName === 'win32') return path.join(appOutDir, `${name}.exe`);
  return path.join(appOutDir, packager.executableName ?? name);
}

export default async function afterPack(context) {
  await flipFuses(executableOf(context), {
    ...FUSES,
    // Re-sign ad hoc on Apple silicon, where a modified binary must be signed to run.
    resetAdHocDarwinSignature: context.electronPlatformName === 'darwin' && context.arch === 3,
  });
}
