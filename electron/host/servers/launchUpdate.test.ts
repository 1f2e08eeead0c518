import { describe, expect, it } from 'vitest';
import { confinesMore } from './launchUpdate';

const stdio = { kind: 'stdio' as const };

describe('confinesMore: a change that asks for less reach stops the wider launch at once', () => {
  it('the sandbox turned on confines; turned off, or left off, does not', () => {
    expect(confinesMore(stdio, { sandboxEnabled: true })).toBe(true);
    expect(confinesMore({ ...stdio, sandboxEnabled: false }, { sandboxEnabled: true })).toBe(true);
    expect(confinesMore({ ...stdio, sandboxEnabled: true }, { sandboxEnabled: false })).toBe(false);
    expect(confinesMore({ ...stdio, sandboxEnabled: true }, {})).toBe(false);
    expect(confinesMore(stdio, {})).toBe(false);
  });

  it('an Allow (something added to what it may reach) widens; anything taken away or newly denied confines', () => {
    const running = {
      ...stdio,
      sandboxEnabled: true,
      sandbox: {
        filesystem: { allowWrite: ['~/notes'], denyRead: ['~/private'] },
        network: { allowedDomains: ['api.acme.com'] },
        rootsWritable: true,
      },
    };
    const widened = {
      sandboxEnabled: true,
      sandbox: {
        filesystem: { allowWrite: ['~/notes', '~/more'], allowRead: ['~/.aws/config'] },
        network: { allowedDomains: ['api.acme.com', 'cdn.acme.com'] },
        rootsWritable: true,
      },
    };
    expect(confinesMore(running, widened)).toBe(false);
    expect(confinesMore(running, { sandboxEnabled: true, sandbox: running.sandbox })).toBe(false);
    const narrowed = (sandbox: object) => confinesMore(running, { sandboxEnabled: true, sandbox });
    expect(narrowed({ ...running.sandbox, filesystem: { denyRead: ['~/private'] } })).toBe(true);
    expect(narrowed({ ...running.sandbox, network: {} })).toBe(true);
    expect(
      narrowed({
        ...running.sandbox,
        filesystem: { ...running.sandbox.filesystem, denyWrite: ['~/notes/x'] },
      }),
    ).toBe(true);
    expect(
      narrowed({
        ...running.sandbox,
        network: { allowedDomains: ['api.acme.com'], deniedDomains: ['x.io'] },
      }),
    ).toBe(true);
    expect(narrowed({ ...running.sandbox, rootsWritable: false })).toBe(true);
  });
});
