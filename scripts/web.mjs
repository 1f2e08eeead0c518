// `npm run web`: the browser shell in this one process — no shell or loader process between npm and
// the host — so Ctrl-C and SIGTERM reach the host, which stops its servers; nothing is left behind.
import { register } from 'tsx/esm/api';
import { ensureRenderer } from './ensureRenderer.mjs';

ensureRenderer();
register();
await import('../electron/web/main.ts');
