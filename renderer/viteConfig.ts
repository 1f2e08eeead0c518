import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { UserConfig } from 'vite';

/**
 * The renderer's build, shared by the browser shell (renderer/vite.config.ts) and the Electron build
 * (electron.vite.config.ts). Takes the renderer directory explicitly: a config bundled into another
 * sees the importer's import.meta.dirname.
 */
export function rendererConfig(rendererDir: string): UserConfig {
  return {
    root: rendererDir,
    // Absolute: the app is served at deep addresses (/chats/<id>), where ./assets would miss.
    base: '/',
    plugins: [
      react(),
      // electron-vite's renderer preset sets base to './' for production builds (Electron's file://);
      // this app is served from app://switchboard/ and the browser shell, both at the root: back to '/'.
      { name: 'switchboard:absolute-base', config: () => ({ base: '/' }) },
    ],
    build: {
      outDir: path.join(rendererDir, '../out/renderer'),
      emptyOutDir: true,
      // No source maps in what ships: they carry the build machine's paths and help no one using the app.
      sourcemap: false,
      // electron-vite leaves its renderer unminified unless told: the same small build in both shells.
      minify: true,
      // The chunks past the default 500 kB warning are shiki's grammars (C++ above all), each fetched
      // only when a reply holds code in that language; the start chunk is far below (bench/ui.bench.ts).
      chunkSizeWarningLimit: 1000,
      rollupOptions: { input: path.join(rendererDir, 'index.html') },
    },
  };
}
