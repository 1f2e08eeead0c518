import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirPerTest } from '../../e2e/fixtures/tempDir';
import { importChain, startImports, staticImports } from './startImports';

const root = path.resolve(import.meta.dirname, '../..');
let dir: string;
tempDirPerTest('sb-start-imports-', (d) => {
  dir = d;
});

describe("the page's start loads no zod (issue 50: 27 kB gzip of the start chunk)", () => {
  it('no module loaded at start imports zod — the schemas stay in the host and in files of their own', () => {
    const modules = startImports(path.join(root, 'renderer/main.tsx'));
    // The walk reaches the app: an import read wrong would find nothing and prove nothing.
    expect(modules.map((m) => path.relative(root, m.file))).toEqual(
      expect.arrayContaining([
        'renderer/App.tsx',
        'renderer/features/chat/ChatPage.tsx',
        'shared/host/providerSettings.ts',
      ]),
    );
    const withZod = modules
      .filter((m) => m.packages.some((p) => p === 'zod' || p.startsWith('zod/')))
      .map((m) =>
        importChain(modules, m.file)
          .map((f) => path.relative(root, f))
          .join(' → '),
      );
    expect(withZod).toEqual([]);
  });

  it('reads value imports and re-exports, not type-only or dynamic ones', () => {
    const source = `import a from './a';
import { b, type B } from "./b";
import {
  c,
} from './c';
import { type D } from './d';
export * from './e';
export { f } from './f';
import './g.css';
import type { H } from './h';
export type { I } from './i';
const j = await import('./j');
import * as k from 'k-package';`;
    expect(staticImports(source).sort()).toEqual(
      ['./a', './b', './c', './d', './e', './f', './g.css', 'k-package'].sort(),
    );
  });

  it('follows them from the entry and says how a module came to be loaded', async () => {
    await mkdir(path.join(dir, 'lib'), { recursive: true });
    await writeFile(
      path.join(dir, 'main.tsx'),
      "import { a } from './a';\nimport type { T } from './typesOnly';",
    );
    await writeFile(
      path.join(dir, 'a.ts'),
      "export { b } from './lib';\nconst later = () => import('./lazy');",
    );
    await writeFile(path.join(dir, 'lib/index.ts'), "import { z } from 'zod';\nexport const b = z.string();");
    await writeFile(path.join(dir, 'typesOnly.ts'), "import { z } from 'zod';");
    await writeFile(path.join(dir, 'lazy.ts'), "import { z } from 'zod';");
    const modules = startImports(path.join(dir, 'main.tsx'));
    expect(modules.map((m) => path.relative(dir, m.file))).toEqual(['main.tsx', 'a.ts', 'lib/index.ts']);
    expect(modules[2]!.packages).toEqual(['zod']);
    expect(importChain(modules, path.join(dir, 'lib/index.ts')).map((f) => path.relative(dir, f))).toEqual([
      'main.tsx',
      'a.ts',
      'lib/index.ts',
    ]);
  });
});
