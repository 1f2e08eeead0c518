import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { protectedInside, runsLater } from './writeProtection';

let root: string;
let home: string;
let repo: string;
let worktree: string;
let plain: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sb-protect-'));
  home = path.join(root, 'home');
  repo = path.join(root, 'repo');
  worktree = path.join(root, 'worktree');
  plain = path.join(root, 'plain');
  await mkdir(path.join(repo, '.git', 'hooks'), { recursive: true });
  await mkdir(path.join(repo, '.vscode'), { recursive: true });
  await writeFile(path.join(repo, '.mcp.json'), '{}');
  await mkdir(worktree, { recursive: true });
  await writeFile(path.join(worktree, '.git'), 'gitdir: /elsewhere\n');
  await mkdir(plain, { recursive: true });
  await writeFile(path.join(plain, 'notes.txt'), '');
  await mkdir(home, { recursive: true });
  await writeFile(path.join(home, '.bashrc'), '');
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('protectedInside', () => {
  it("names a repository's hooks and config, and the startup files that are there", () => {
    expect(protectedInside([repo], home).sort()).toEqual(
      [
        path.join(repo, '.git/hooks'),
        path.join(repo, '.git/config'),
        path.join(repo, '.vscode'),
        path.join(repo, '.mcp.json'),
      ].sort(),
    );
  });

  it("names a worktree's .git file, and nothing in a folder without any", () => {
    expect(protectedInside([worktree], home)).toEqual([path.join(worktree, '.git')]);
    expect(protectedInside([plain], home)).toEqual([]);
  });

  it('names every shell startup file of the home folder, there or not', () => {
    const names = protectedInside([home], home);
    for (const f of ['.bashrc', '.zshrc', '.profile', '.bash_profile', '.zshenv'])
      expect(names).toContain(path.join(home, f));
    // Not the home's absent editor settings: only startup files are placed before they exist.
    expect(names).not.toContain(path.join(home, '.vscode'));
  });
});

describe('runsLater', () => {
  it('knows the protected places wherever they are', () => {
    expect(runsLater('/a/b/.git/hooks/pre-commit')).toBe(true);
    expect(runsLater('/a/b/.git/config')).toBe(true);
    expect(runsLater('/a/b/.git')).toBe(true);
    expect(runsLater('/home/p/.bashrc')).toBe(true);
    expect(runsLater('/a/.vscode/tasks.json')).toBe(true);
    expect(runsLater('/a/b/.git/objects/ab/cd')).toBe(false);
    expect(runsLater('/a/b/notes.txt')).toBe(false);
    expect(runsLater('/a/b/bashrc.txt')).toBe(false);
  });
});
