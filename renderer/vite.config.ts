import { defineConfig } from 'vite';
import { rendererConfig } from './viteConfig.ts';

// The renderer alone: what the browser shell serves (npm run build:renderer, npm run web).
export default defineConfig(rendererConfig(import.meta.dirname));
