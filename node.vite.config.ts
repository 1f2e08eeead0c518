import path from 'node:path';
import { defineConfig } from 'vite';

/**
 * The Node side that runs outside Electron, built once instead of compiled at every start:
 * `out/node/web.mjs` (the browser shell, `npm run web`) and `out/node/cli.mjs` (`npm run mcp`).
 * Dependencies stay in node_modules (an SSR build leaves packages external); scripts/ensureBuilt.mjs
 * rebuilds when a source is newer than the build.
 */
export default defineConfig({
  root: import.meta.dirname,
  logLevel: 'warn',
  build: {
    ssr: true,
    outDir: 'out/node',
    emptyOutDir: true,
    target: 'node22',
    sourcemap: false,
    // Stack traces a person can read and report: names and lines as written.
    minify: false,
    rollupOptions: {
      input: {
        web: path.join(import.meta.dirname, 'electron/web/main.ts'),
        cli: path.join(import.meta.dirname, 'electron/cli/main.ts'),
      },
      output: { format: 'es', entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' },
    },
  },
});
