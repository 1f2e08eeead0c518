// `npm run web`: the browser shell in this one process — no shell or loader process between npm and
// the host — so Ctrl-C and SIGTERM reach the host, which stops its servers; nothing is left behind.
// It runs the built host (out/node/web.mjs), built first when its sources changed.
import { ensureBuilt } from './ensureBuilt.mjs';

ensureBuilt('renderer');
ensureBuilt('node');
await import('../out/node/web.mjs');
