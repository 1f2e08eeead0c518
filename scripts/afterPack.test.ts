import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FuseV1Options } from '@electron/fuses';
import { describe, expect, it } from 'vitest';

// @ts-expect-error: a plain ES module without types, run by electron-builder
import * as hookModule from './afterPack.mjs';

const hook = hookModule as unknown as {
  FUSES: Record<string, unknown>;
  executableOf(context: unknown): string;
};
const root = path.resolve(__dirname, '..');

describe('packaging', () => {
  it('turns off runAsNode, NODE_OPTIONS and --inspect, and turns on asar integrity', () => {
    expect(hook.FUSES[FuseV1Options.RunAsNode]).toBe(false);
    expect(hook.FUSES[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(false);
    expect(hook.FUSES[FuseV1Options.EnableNodeCliInspectArguments]).toBe(false);
    expect(hook.FUSES[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(true);
    expect(hook.FUSES[FuseV1Options.OnlyLoadAppFromAsar]).toBe(true);
  });

  it('finds the packaged executable on each platform', () => {
    const packager = { appInfo: { productFilename: 'Switchboard' }, executableName: 'switchboard' };
    expect(hook.executableOf({ appOutDir: '/o', electronPlatformName: 'linux', packager })).toBe(
      '/o/switchboard',
    );
    expect(hook.executableOf({ appOutDir: '/o', electronPlatformName: 'darwin', packager })).toBe(
      '/o/Switchboard.app',
    );
    expect(hook.executableOf({ appOutDir: '/o', electronPlatformName: 'win32', packager })).toBe(
      path.join('/o', 'Switchboard.exe'),
    );
  });

  it('builds every target from out/ with the hook and the icon', () => {
    const yml = readFileSync(path.join(root, 'electron-builder.yml'), 'utf8');
    for (const target of ['AppImage', 'deb', 'dmg', 'nsis'])
      expect(yml).toMatch(new RegExp(`\\b${target}\\b`));
    expect(yml).toMatch(/^appId: \S+/m);
    expect(yml).toMatch(/^afterPack: scripts\/afterPack\.mjs$/m);
    expect(readFileSync(path.join(root, 'resources/icon.png')).subarray(1, 4).toString()).toBe('PNG');
  });
});
