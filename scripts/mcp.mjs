#!/usr/bin/env node
// `npm run -s mcp -- …` (and the `switchboard-mcp` bin): the headless CLI, built (out/node/cli.mjs)
// rather than compiled at every run; built first when its sources changed.
import { ensureBuilt } from './ensureBuilt.mjs';

ensureBuilt('node');
await import('../out/node/cli.mjs');
