import { readFileSync, unlinkSync } from 'node:fs';
import { mkdir, open, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Who holds a data folder: written into its lock file, read back by a second start. */
interface LockOwner {
  pid: number;
  startedAt: number;
  /** "browser shell" or "Electron". */
  shell: string;
  /** Where the browser shell listens, once it does. */
  url?: string;
}

export interface DataDirLock {
  readonly file: string;
  /** Records where the app can be opened (the browser shell's address, without its token). */
  describe(url: string): Promise<void>;
  release(): Promise<void>;
}

/** A second app on the same data folder: two hosts would run every server twice and overwrite each other's files. */
export class DataDirInUse extends Error {}

const FILE = 'instance.lock';

/**
 * Takes the data folder for this process, or throws DataDirInUse naming the one that has it. A lock
 * left by a process that is gone (killed, crashed) is taken over. Released on exit, however it comes.
 */
export async function lockDataDir(home: string, shell: string): Promise<DataDirLock> {
  const file = path.join(home, FILE);
  const me: LockOwner = { pid: process.pid, startedAt: Date.now(), shell };
  // A first start: the data folder does not exist yet (only its owner may read it).
  await mkdir(home, { recursive: true, mode: 0o700 });
  for (let attempt = 0; ; attempt++) {
    try {
      const handle = await open(file, 'wx', 0o600);
      await handle.writeFile(JSON.stringify(me));
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      const owner = await readOwner(file);
      if (owner && owner.pid !== process.pid && alive(owner.pid))
        throw new DataDirInUse(inUse(home, file, owner));
      await unlink(file).catch(() => {}); // left by a process that is gone
    }
  }
  const ours = () => readOwner(file).then((o) => o?.pid === process.pid && o.startedAt === me.startedAt);
  const onExit = () => {
    try {
      const o = JSON.parse(readFileSync(file, 'utf8')) as LockOwner;
      if (o.pid === process.pid && o.startedAt === me.startedAt) unlinkSync(file);
    } catch {}
  };
  process.once('exit', onExit);
  return {
    file,
    async describe(url) {
      if (await ours()) await writeFile(file, JSON.stringify({ ...me, url }), { mode: 0o600 });
    },
    async release() {
      process.off('exit', onExit);
      if (await ours()) await unlink(file).catch(() => {});
    },
  };
}

async function readOwner(file: string): Promise<LockOwner | undefined> {
  try {
    const o = JSON.parse(await readFile(file, 'utf8')) as Partial<LockOwner>;
    return Number.isInteger(o.pid) && typeof o.startedAt === 'number'
      ? { pid: o.pid!, startedAt: o.startedAt, shell: String(o.shell ?? 'Switchboard'), url: o.url }
      : undefined;
  } catch {
    return undefined; // unreadable or half-written: not proof of a running app
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function inUse(home: string, file: string, owner: LockOwner): string {
  const since = new Date(owner.startedAt).toLocaleString();
  return [
    `Switchboard is already running with the data folder ${home} (${owner.shell}, process ${owner.pid}, since ${since}).`,
    owner.url
      ? `Open it at ${owner.url} (press Enter in its terminal for a new link), or stop it first.`
      : 'Use that one, or stop it first.',
    // Its terminal may be gone (an IDE's run closed, a process manager): say how to stop it from here.
    `To stop it from here: ${stopCommand(owner.pid)}.`,
    `To run a second one, give it another folder: SWITCHBOARD_HOME=/another/folder. If no Switchboard is running, delete ${file}.`,
  ].join('\n');
}

/**
 * How to stop process `pid` from another terminal: SIGTERM, which both shells take as Ctrl-C (the
 * servers stopped, the folder freed). Windows has no signal a console process stops on: its tree is ended.
 */
function stopCommand(pid: number): string {
  return process.platform === 'win32'
    ? `taskkill /PID ${pid} /T /F (ends it and the servers it started)`
    : `kill ${pid} (it stops its servers and frees the data folder)`;
}
