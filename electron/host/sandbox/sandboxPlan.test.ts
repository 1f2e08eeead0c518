import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sandboxPlan } from './sandboxPlan';

const base = {
  name: 'files',
  command: 'npx',
  program: '/usr/bin/npx',
  args: ['-y', '@acme/files'],
  cwd: '/home/ann',
  rules: undefined,
  home: '/home/ann',
  dataDir: '/home/ann/.config/Switchboard',
  sandboxHome: '/home/ann/.cache/switchboard-sandbox',
  roots: ['/home/ann/projects'],
};

describe('sandboxPlan: what a confined server may reach', () => {
  it('hides the secret places and the data folder, and never lets them be written', () => {
    const plan = sandboxPlan(base);
    for (const hidden of [
      '/home/ann/.ssh',
      '/home/ann/.aws',
      '/home/ann/.gnupg',
      '/home/ann/.config/gcloud',
      '/home/ann/.kube',
      '/home/ann/.docker',
      '/home/ann/.mozilla',
      '/home/ann/Library/Keychains',
      base.dataDir,
    ]) {
      expect(plan.denyRead).toContain(hidden);
      expect(plan.denyWrite).toContain(hidden);
    }
  });

  it('writes only to its own folder; its roots only when the person made them writable', () => {
    const plan = sandboxPlan(base);
    expect(plan.allowWrite).toEqual([plan.ownDir]);
    expect(plan.ownDir.startsWith(`${base.sandboxHome}${path.sep}files-`)).toBe(true);
    expect(sandboxPlan({ ...base, rules: { rootsWritable: true } }).allowWrite).toEqual([
      plan.ownDir,
      '/home/ann/projects',
    ]);
  });

  it("reaches its launcher's registry and what it allows; its cache is its own", () => {
    const plan = sandboxPlan({
      ...base,
      rules: { network: { allowedDomains: ['api.acme.com'], deniedDomains: ['evil.acme.com'] } },
      policyDomains: { allowed: ['mirror.corp'], denied: ['paste.example'] },
    });
    expect(plan.allowedDomains).toEqual(['api.acme.com', 'mirror.corp', 'registry.npmjs.org']);
    expect(plan.deniedDomains).toEqual(['evil.acme.com', 'paste.example']);
    expect(plan.env.npm_config_cache).toBe(path.join(plan.ownDir, 'npm-cache'));
    expect(plan.env.TMPDIR).toBe(path.join(plan.ownDir, 'tmp'));
    expect(plan.env.NODE_USE_ENV_PROXY).toBe('1');
    const uvx = sandboxPlan({ ...base, command: 'uvx', program: '/usr/bin/uvx' });
    expect(uvx.allowedDomains).toEqual(['pypi.org', 'files.pythonhosted.org']);
    expect(uvx.env.UV_CACHE_DIR).toBe(path.join(uvx.ownDir, 'uv-cache'));
    expect(
      sandboxPlan({ ...base, command: '/usr/bin/node', program: '/usr/bin/node' }).allowedDomains,
    ).toEqual([]);
    // Launchers named as the policy reads package runners: a Windows shim, a versioned pip.
    expect(sandboxPlan({ ...base, command: 'C:\\nodejs\\NPX.CMD' }).allowedDomains).toEqual([
      'registry.npmjs.org',
    ]);
    expect(sandboxPlan({ ...base, command: 'pip3.11' }).env.PIP_CACHE_DIR).toMatch(/pip-cache$/);
  });

  it('reads `~` as the home folder and a relative path as the server folder’s', () => {
    const plan = sandboxPlan({
      ...base,
      cwd: '/srv/tool',
      rules: {
        filesystem: { allowWrite: ['~/out', 'cache'], denyRead: ['~/private'], allowRead: ['~/.aws/config'] },
      },
    });
    expect(plan.allowWrite).toEqual([plan.ownDir, '/home/ann/out', '/srv/tool/cache']);
    expect(plan.denyRead).toContain('/home/ann/private');
    expect(plan.allowRead).toEqual(['/home/ann/.aws/config']);
  });

  it('lets a bundle read its own folder in the data folder, and nothing else of it', () => {
    const bundle = path.join(base.dataDir, 'bundles', 'report-1.2.3');
    const plan = sandboxPlan({
      ...base,
      command: 'node',
      program: '/usr/bin/node',
      args: [path.join(bundle, 'server', 'index.js')],
      cwd: bundle,
    });
    expect(plan.allowRead).toEqual([bundle]);
    expect(plan.denyRead).toContain(base.dataDir);
  });
});
