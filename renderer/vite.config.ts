import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The renderer alone (the browser shell serves out/renderer; the Electron build reuses it).
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react()],
  build: { outDir: path.join(import.meta.dirname, '../out/renderer'), emptyOutDir: true, sourcemap: true },
});
