import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkImport, importsOf, violations } from './dependencyRules';

describe('dependency directions (docs/architecture.md)', () => {
  it('the repository follows them', () => {
    expect(violations(path.resolve(__dirname, '../..'))).toEqual([]);
  });

  it('finds every kind of import', () => {
    const src = `import a from './a';\nimport { b } from "../b";\nexport * from './c';\nconst d = await import('./d');\nrequire('./e');\nimport './f';\nimport type { G } from './g';`;
    expect(importsOf(src)).toEqual(['./a', '../b', './c', './d', './e', './f', './g']);
  });

  it.each([
    ['electron/mcp/client/x.ts', '../../host/registry', /electron\/mcp may import/],
    ['electron/mcp/x.ts', 'electron', /only electron\/main and electron\/preload/],
    [
      'electron/host/install/registry/packageLaunch.ts',
      '../../policy/launchChangingEnv',
      /installs never import the policy/,
    ],
    ['electron/host/x.ts', 'electron', /only electron\/main/],
    ['renderer/app.tsx', '../electron/mcp', /renderer may import/],
    ['shared/ipc/contract.ts', '../../electron/host/api', /shared may import/],
    ['electron/cli/main.ts', '../store/settingsStore', /electron\/cli may import/],
    ['electron/web/server.ts', '../mcp/index', /electron\/web may import/],
    ['e2e/fixtures/x.ts', 'electron', /only electron\/main/],
    ['electron/mcp/client/mcpClient.ts', '../../../e2e/fixtures/servers', /outside the source areas/],
    // A planted SDK import outside its provider's folder, as the chat service once had.
    [
      'electron/host/chat/chatService.ts',
      '@anthropic-ai/sdk/resources/messages/messages',
      /only electron\/llm\/anthropic/,
    ],
    ['electron/llm/chatLoop.ts', '@anthropic-ai/sdk', /only electron\/llm\/anthropic/],
    ['renderer/app.tsx', 'openai', /only electron\/llm\/openai/],
    ['electron/host/hostService.ts', '@anthropic-ai/mcpb', /only electron\/host\/install\/bundles/],
    // The package's manifest schemas are read by the bundle installer; its trust check is our own.
    [
      'electron/host/install/manifestCheck.ts',
      '@anthropic-ai/mcpb/schemas',
      /only electron\/host\/install\/bundles/,
    ],
    ['electron/host/install/bundles/bundleSignature.ts', '@anthropic-ai/mcpb/node', /only tests in/],
    ['electron/host/hostService.test.ts', '@anthropic-ai/mcpb', /only electron\/host\/install\/bundles/],
    [
      'electron/llm/anthropic/anthropicProvider.ts',
      '@anthropic-ai/mcpb/node',
      /only electron\/host\/install/,
    ],
    [
      'electron/host/policy/signedPolicy.ts',
      'pkijs',
      /only electron\/host\/install\/bundles may import pkijs/,
    ],
    ['electron/mcp/auth/dpop.ts', 'asn1js', /only electron\/host\/install\/bundles/],
    // The file lock lives with the store (issue 50): the client library holds no file, a host store takes the lock from there.
    ['electron/mcp/withFileLock.ts', 'proper-lockfile', /only electron\/store may import proper-lockfile/],
    ['electron/host/secrets/fileAuthStore.ts', 'proper-lockfile', /only electron\/store may import/],
    ['electron/mcp/auth/fileAuthStore.ts', '../../store/withFileLock', /electron\/mcp may import/],
    // The protocol library stays free of OpenTelemetry: it offers SessionObserver instead.
    ['electron/mcp/jsonrpc/connection.ts', '@opentelemetry/api', /only electron\/host\/telemetry/],
    ['electron/llm/chatLoop.ts', '@opentelemetry/api', /only electron\/host\/telemetry/],
    ['electron/host/servers/serverSession.ts', '@opentelemetry/sdk-trace', /only electron\/host\/telemetry/],
  ])('%s importing %s is a violation', (file, spec, message) => {
    expect(checkImport(file, spec)).toMatch(message);
  });

  it.each([
    ['electron/main/index.ts', 'electron'],
    ['electron/preload/index.ts', 'electron'],
    ['electron/host/registry.ts', '../mcp'],
    ['electron/cli/run.ts', '../../shared/mcp/protocol'],
    ['renderer/app.tsx', '../shared/ipc/contract'],
    ['e2e/fixtures/servers.ts', '../../electron/mcp'],
    ['electron/mcp/client/mcpClient.everything.test.ts', '../../../e2e/fixtures/servers'],
    ['electron/llm/anthropic/anthropicProvider.ts', '@anthropic-ai/sdk'],
    ['e2e/fixtures/anthropic/fakeAnthropic.ts', '@anthropic-ai/sdk'],
    ['electron/host/host.ts', 'zod'],
    ['electron/host/install/bundles/manifestSchemas.ts', '@anthropic-ai/mcpb/schemas'],
    ['electron/host/install/bundles/bundleSignature.test.ts', '@anthropic-ai/mcpb/node'],
    ['e2e/fixtures/mcpb/bundles.ts', '@anthropic-ai/mcpb/cli'],
    ['electron/host/install/bundles/cmsSignature.ts', 'pkijs'],
    ['e2e/fixtures/mcpb/signatureBlock.ts', 'asn1js'],
    ['electron/store/withFileLock.ts', 'proper-lockfile'],
    ['electron/host/secrets/fileAuthStore.ts', '../../store/withFileLock'],
    // The policy judges what installs make: it reads their records and asks a registry as they do.
    ['electron/host/policy/registryPackages.ts', '../install/registry'],
    ['electron/host/install/registry/packageLaunch.ts', '../../config/launchChangingEnv'],
    ['electron/host/telemetry/telemetry.ts', '@opentelemetry/sdk-trace'],
    ['e2e/fixtures/otlp/otlpReceiver.ts', 'protobufjs'],
  ])('%s importing %s is allowed', (file, spec) => {
    expect(checkImport(file, spec)).toBeUndefined();
  });
});
