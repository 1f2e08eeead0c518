// The engine's wrap run for real, spawned as the stdio transport spawns a server (Node's stdio pipes
// are sockets): what runs is the server and nothing of the person's shell set-up. bash, started on a
// socket, takes itself for a remote shell and reads ~/.bashrc — which then ran twice at each confined
// start (seconds with pyenv, nvm or conda), printed into the protocol stream, and tried writes that
// the card showed as the server's denials.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithoutSandbox } from '../../../e2e/fixtures/sandboxSkip';
import { SandboxEngine } from './sandboxEngine';
import { sandboxPlan } from './sandboxPlan';

const engine = SandboxEngine.shared();
const noSandbox = await skipWithoutSandbox('the engine tests that spawn');

let root: string;
let home: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sb-engine-'));
  home = path.join(root, 'home');
  await mkdir(home, { recursive: true });
  // What a person's shell start-up may do: print, and write.
  for (const rc of ['.bashrc', '.profile', '.bash_profile'])
    await writeFile(
      path.join(home, rc),
      `echo "${rc} RAN ON STDOUT"\necho "${rc} RAN ON STDERR" >&2\necho x > "$HOME/${rc}.ran"\n`,
    );
});
afterAll(async () => {
  await engine.dispose();
  await rm(root, { recursive: true, force: true });
});

describe.skipIf(noSandbox)('SandboxEngine.wrap, spawned', () => {
  it("runs the server alone: the person's ~/.bashrc is not read, nothing but the server's output comes out", async () => {
    const env = { PATH: process.env.PATH ?? '', HOME: home };
    const launch = {
      program: process.execPath,
      args: ['-e', 'process.stdout.write("server output\\n")'],
      cwd: root,
      env,
    };
    const plan = sandboxPlan({
      name: 'engine-test',
      command: process.execPath,
      program: process.execPath,
      args: launch.args,
      cwd: root,
      rules: undefined,
      home,
      dataDir: path.join(root, 'data'),
      sandboxHome: path.join(root, 'own'),
      roots: [],
    });
    const lines: string[] = [];
    const wrapped = await engine.wrap(launch, plan, (line) => lines.push(line));
    try {
      // As StdioTransport spawns: piped stdio (socket pairs), a process group of its own.
      const child = spawn(wrapped.program, wrapped.args, {
        env: wrapped.env,
        cwd: root,
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: true,
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => {
        stdout += d;
      });
      child.stderr.on('data', (d) => {
        stderr += d;
      });
      const code = await new Promise((resolve) => child.on('close', resolve));
      expect(code).toBe(0);
      expect(stdout).toBe('server output\n');
      expect(stderr).not.toMatch(/RAN ON/);
    } finally {
      wrapped.release?.();
    }
    expect(lines.filter((l) => l.includes('.ran'))).toEqual([]);
  }, 60_000);
});
