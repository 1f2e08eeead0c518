import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { circlesIn, importCircles, importsIn } from './importCircles';

const graph = (files: Record<string, string>) => circlesIn(new Map(Object.entries(files)));

describe('import circles (docs/architecture.md)', () => {
  it('no production file reaches itself through imports that hold at run time', () => {
    expect(importCircles(path.resolve(__dirname, '../..'))).toEqual([]);
  });

  it('tells type-only imports from the ones that run', () => {
    const src = `import type { A } from './a';\nimport { type B } from './b';\nimport { c } from "./c";\nexport type { D } from './d';\nexport * from './e';\nconst f = await import('./f');\nimport './g';\n// import { h } from './h';`;
    expect(importsIn(src)).toEqual([
      { specifier: './a', typeOnly: true },
      { specifier: './b', typeOnly: false },
      { specifier: './c', typeOnly: false },
      { specifier: './d', typeOnly: true },
      { specifier: './e', typeOnly: false },
      { specifier: './f', typeOnly: false },
      { specifier: './g', typeOnly: false },
    ]);
  });

  it.each([
    [
      'two files importing each other (host.ts and hostService.ts, as they once did)',
      {
        'electron/host/host.ts': "import { HostService } from './hostService';",
        'electron/host/hostService.ts': "import { Host } from './host';",
      },
    ],
    [
      'a longer loop, through a folder and back',
      {
        'electron/host/config/serverEditor.ts': "import { ServerRegistry } from '../servers/serverRegistry';",
        'electron/host/servers/serverRegistry.ts': "import { parseConfig } from '../config/serverConfig';",
        'electron/host/config/serverConfig.ts': "import { saveDraft } from './serverEditor';",
      },
    ],
    [
      'a lazy import is still one',
      {
        'renderer/a.tsx': "const B = lazy(() => import('./b'));",
        'renderer/b.tsx': "import { a } from './a';",
      },
    ],
    [
      'an `import { type X }` is kept at run time (verbatimModuleSyntax)',
      {
        'shared/a.ts': "import { type B } from './b';",
        'shared/b.ts': "import { a } from './a';",
      },
    ],
  ])('%s is a circle', (_, files) => {
    expect(graph(files)).toHaveLength(1);
  });

  it.each([
    [
      'a loop closed only by a type-only import (the store and its slices)',
      {
        'renderer/state/store.ts': "import { createUiSlice } from './slices/ui';",
        'renderer/state/slices/ui.ts': "import type { AppState } from '../store';",
      },
    ],
    [
      'a chain that does not come back',
      {
        'electron/host/host.ts': "import { hostService } from './hostService';",
        'electron/host/hostService.ts': "import type { HostParts } from './hostParts';",
        'electron/host/hostParts.ts': "import type { Catalog } from './catalog/catalog';",
      },
    ],
  ])('%s is none', (_, files) => {
    expect(graph(files)).toEqual([]);
  });
});
