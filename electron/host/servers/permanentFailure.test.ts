import { describe, expect, it } from 'vitest';
import { permanentCause } from './permanentFailure';

// Lines as the programs print them (captured from npm 11, Node 22, Python 3, bash, dash, uv and docker).
describe('permanentCause', () => {
  it.each([
    [
      [
        'npm error code ENOTCACHED',
        "npm error request to https://registry.npmjs.org/x failed: cache mode is 'only-if-cached'",
      ],
      /offline \(ENOTCACHED\)/,
    ],
    [
      ['npm error code E404', 'npm error 404 Not Found - GET https://registry.npmjs.org/@a%2fb'],
      /no such package \(E404\)/,
    ],
    [['npm ERR! code E404'], /no such package \(E404\)/],
    [['npm error code ETARGET', 'npm error notarget No matching version found for a@0.0.0-nope.'], /ETARGET/],
    [['npm error code ENOTFOUND'], /could not reach its registry/],
    [
      [
        'node:internal/modules/cjs/loader:1210',
        '  throw err;',
        "Error: Cannot find module '/srv/missing.js'",
      ],
      /Node cannot find the module \/srv\/missing\.js/,
    ],
    [
      ['  File "<string>", line 1, in <module>', "ModuleNotFoundError: No module named 'mcp'"],
      /Python cannot find the module mcp/,
    ],
    [['/opt/run.sh: line 3: uvicorn: command not found'], /program uvicorn .* \(command not found\)/],
    [['bash: jq: command not found'], /program jq/],
    [['/opt/run.sh: 3: uvicorn: not found'], /program uvicorn .* \(not found\)/],
    [['  × No solution found when resolving tool dependencies:'], /uv could not find the package/],
    [
      ['docker: Error response from daemon: pull access denied for acme/none, repository does not exist'],
      /Docker could not pull the image/,
    ],
  ])('%j is permanent', (lines, said) => {
    expect(permanentCause(lines)).toMatch(said);
  });

  it.each([
    [['npm warn exec The following package was not found and will be installed: a@1.0.0']],
    [['Error: connect ECONNREFUSED 127.0.0.1:5432']],
    [['fatal: cannot open ~/.hostile/config.toml']],
    [['server listening; try `help: command not found` for nothing', 'Traceback (most recent call last):']],
    [[]],
  ])('%j says nothing permanent', (lines) => {
    expect(permanentCause(lines)).toBeUndefined();
  });
});
