import path from 'node:path';
import { defineConfig } from 'electron-vite';
import { rendererConfig } from './renderer/viteConfig';

// `npm run build`: the Electron app into out/ (main, preload, renderer); package.json "main" points
// at out/main. The renderer's config is the one the browser shell builds with.
export default defineConfig({
  main: {
    build: { outDir: 'out/main', rollupOptions: { input: 'electron/main/index.ts' } },
  },
  preload: {
    build: {
      // A sandboxed preload can require only Electron's few built-ins: bundle everything it uses.
      externalizeDeps: false,
      outDir: 'out/preload',
      rollupOptions: {
        input: 'electron/preload/index.ts',
        output: { format: 'cjs', entryFileNames: 'index.cjs' },
      },
    },
  },
  renderer: rendererConfig(path.join(import.meta.dirname, 'renderer')),
});
