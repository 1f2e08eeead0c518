import type { HighlighterCore } from 'shiki/core';

/**
 * Syntax highlighting for code in replies (shiki, the JavaScript regex engine: no WebAssembly, so
 * the CSP needs nothing more). Loaded on first use, in its own chunk; until then code is plain.
 */
const LANGS = {
  bash: () => import('@shikijs/langs/bash'),
  c: () => import('@shikijs/langs/c'),
  cpp: () => import('@shikijs/langs/cpp'),
  css: () => import('@shikijs/langs/css'),
  diff: () => import('@shikijs/langs/diff'),
  go: () => import('@shikijs/langs/go'),
  html: () => import('@shikijs/langs/html'),
  java: () => import('@shikijs/langs/java'),
  javascript: () => import('@shikijs/langs/javascript'),
  json: () => import('@shikijs/langs/json'),
  jsx: () => import('@shikijs/langs/jsx'),
  markdown: () => import('@shikijs/langs/markdown'),
  python: () => import('@shikijs/langs/python'),
  rust: () => import('@shikijs/langs/rust'),
  sql: () => import('@shikijs/langs/sql'),
  tsx: () => import('@shikijs/langs/tsx'),
  typescript: () => import('@shikijs/langs/typescript'),
  yaml: () => import('@shikijs/langs/yaml'),
} as const;
const ALIASES: Record<string, keyof typeof LANGS> = {
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  js: 'javascript',
  ts: 'typescript',
  py: 'python',
  rs: 'rust',
  yml: 'yaml',
  md: 'markdown',
  'c++': 'cpp',
};

const MIME: Record<string, keyof typeof LANGS> = {
  'application/json': 'json',
  'application/javascript': 'javascript',
  'text/javascript': 'javascript',
  'application/typescript': 'typescript',
  'text/x-python': 'python',
  'text/x-rust': 'rust',
  'text/x-go': 'go',
  'text/x-java': 'java',
  'text/css': 'css',
  'text/html': 'html',
  'text/markdown': 'markdown',
  'application/yaml': 'yaml',
  'text/yaml': 'yaml',
  'application/sql': 'sql',
  'text/x-sh': 'bash',
};

/** The language of a resource's MIME type, or of its file name's extension. */
export function languageOfResource(
  mimeType: string | undefined,
  uri: string,
): keyof typeof LANGS | undefined {
  const byMime = mimeType ? MIME[mimeType.split(';')[0]!.trim().toLowerCase()] : undefined;
  return byMime ?? languageOf(uri.match(/\.([a-z0-9+]+)$/i)?.[1]);
}

export function languageOf(name: string | undefined): keyof typeof LANGS | undefined {
  if (!name) return undefined;
  const lower = name.toLowerCase();
  if (lower in LANGS) return lower as keyof typeof LANGS;
  return ALIASES[lower];
}

let loading: Promise<HighlighterCore> | undefined;

export function highlighter(): Promise<HighlighterCore> {
  loading ??= (async () => {
    const [{ createHighlighterCore }, { createJavaScriptRegexEngine }] = await Promise.all([
      import('shiki/core'),
      import('shiki/engine/javascript'),
    ]);
    return createHighlighterCore({
      themes: [import('@shikijs/themes/github-light'), import('@shikijs/themes/github-dark')],
      langs: Object.values(LANGS).map((load) => load()),
      engine: createJavaScriptRegexEngine(),
    });
  })();
  return loading;
}
