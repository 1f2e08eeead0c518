import { describe, expect, it } from 'vitest';
import { confinedByDefault, withSandboxChoice } from './confinedByDefault';

describe('what the person did not write starts sandboxed', () => {
  it('sets sandboxEnabled on a local server, whatever its source said; a remote one is left alone', () => {
    expect(confinedByDefault({ command: 'npx', sandboxEnabled: false })).toEqual({
      command: 'npx',
      sandboxEnabled: true,
    });
    expect(confinedByDefault({ url: 'https://mcp.example' })).toEqual({ url: 'https://mcp.example' });
  });

  it("takes the review step's answer: widened (kept rules and added ones, once each) or unconfined", () => {
    const raw = {
      command: 'npx',
      sandboxEnabled: true,
      sandbox: { network: { allowedDomains: ['a.example'] }, filesystem: { denyRead: ['~/x'] } },
    };
    expect(
      withSandboxChoice(raw, {
        enabled: true,
        allowedDomains: ['a.example', 'b.example'],
        allowWrite: ['~/out'],
      }),
    ).toEqual({
      command: 'npx',
      sandboxEnabled: true,
      sandbox: {
        network: { allowedDomains: ['a.example', 'b.example'] },
        filesystem: { denyRead: ['~/x'], allowWrite: ['~/out'] },
      },
    });
    expect(withSandboxChoice(raw, { enabled: false })).toMatchObject({ sandboxEnabled: false });
    expect(withSandboxChoice(raw, undefined)).toBe(raw);
    expect(withSandboxChoice({ url: 'https://x.example' }, { enabled: false })).toEqual({
      url: 'https://x.example',
    });
  });
});
