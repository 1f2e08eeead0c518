// `npm run web`: the browser shell in this one process. npm runs a script under `sh -c`, and Debian's
// sh (dash) neither passes on the SIGINT npm forwards to it nor exits until its child does: the script
// is `exec node …` (package.json) so no shell stays between npm and the host, and a signal to npm
// alone — an IDE's stop button, a process manager — reaches the host, which stops its servers. npm
// appends `npm run web -- --port N` to the script's one command, so the arguments reach this process.
// Windows' cmd.exe has no `exec`: there it runs exec.cmd (the package's folder is the script's working
// folder, which cmd searches first), which runs the rest of the line as it is.
// It runs the built host (out/node/web.mjs), built first when its sources changed.
import { ensureBuilt } from './ensureBuilt.mjs';

ensureBuilt('renderer');
ensureBuilt('node');
await import('../out/node/web.mjs');
