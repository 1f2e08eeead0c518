import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

// `npm run build`: the Electron app into out/ (main, preload, renderer); package.json "main" points here.
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
  renderer: {
    root: 'renderer',
    base: './',
    plugins: [react()],
    build: { outDir: 'out/renderer', rollupOptions: { input: 'renderer/index.html' } },
  },
});
