import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { devDependencyImports, packageOf, valueImports } from './devDependencies';

describe('what ships imports only what ships (docs/architecture.md)', () => {
  it('no production file imports a devDependency for a value', () => {
    expect(devDependencyImports(path.resolve(__dirname, '../..'))).toEqual([]);
  });

  it('reads value imports, not type-only ones', () => {
    expect(
      valueImports(
        [
          "import { ToolSchema } from '@modelcontextprotocol/core';",
          "import type { Tool } from '@modelcontextprotocol/sdk/types.js';",
          "import { type A, type B } from 'vitest';",
          "import { type A, B } from 'zod';",
          "export { x } from 'yaml';",
          "const m = await import('tsx');",
          "import 'happy-dom';",
        ].join('\n'),
      ),
    ).toEqual(['@modelcontextprotocol/core', 'zod', 'yaml', 'tsx', 'happy-dom']);
  });

  it('names the package of a specifier, not a builtin or a path', () => {
    expect(packageOf('@modelcontextprotocol/ext-apps/app-bridge')).toBe('@modelcontextprotocol/ext-apps');
    expect(packageOf('react-dom/client')).toBe('react-dom');
    expect(packageOf('node:fs')).toBeUndefined();
    expect(packageOf('fs')).toBeUndefined();
    expect(packageOf('./x')).toBeUndefined();
  });
});
