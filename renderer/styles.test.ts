import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const css = readFileSync(path.join(here, 'styles.css'), 'utf8');

/** Spacing and type: the properties whose sizes come from the scale. */
const SCALED = /^(?:padding|margin|gap|row-gap|column-gap|font-size|font|line-height)(?:-[a-z-]+)?$/;
/** A length written out: 12px, 0.5rem, 1.2em (zero, percentages, viewport units and `auto` are not). */
const LITERAL = /(?<![\w-])(?:\d*\.)?\d+(?:px|rem|em|pt)\b/;

interface Declaration {
  property: string;
  value: string;
  line: number;
}

/** Every `property: value` in the file, comments taken out (a comment may say "12px"). */
function declarations(text: string): Declaration[] {
  const bare = text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '));
  const out: Declaration[] = [];
  for (const m of bare.matchAll(/(?<=[{;\s])((?:--)?[a-z][a-z0-9-]*)\s*:\s*([^;{}]+);/g)) {
    const line = bare.slice(0, m.index).split('\n').length;
    out.push({ property: m[1]!, value: m[2]!.trim(), line });
  }
  return out;
}

/** The scaled declarations that write a length of their own instead of naming a step of the scale. */
function offScale(text: string): string[] {
  return declarations(text)
    .filter((d) => SCALED.test(d.property) && LITERAL.test(d.value))
    .map((d) => `line ${d.line}: ${d.property}: ${d.value}`);
}

describe('styles.css: one spacing and type scale', () => {
  const defined = new Map(
    declarations(css)
      .filter((d) => d.property.startsWith('--'))
      .map((d) => [d.property, d.value]),
  );

  it('defines the scale once, as custom properties, each step larger than the one before', () => {
    const steps = (prefix: string) =>
      [...defined].filter(([name]) => name.startsWith(prefix)).map(([, v]) => Number.parseFloat(v));
    const space = steps('--space-');
    const text = steps('--text-');
    expect(space.length).toBeGreaterThanOrEqual(6);
    expect(text.length).toBeGreaterThanOrEqual(4);
    for (const scale of [space, text]) expect([...scale].sort((a, b) => a - b)).toEqual(scale);
  });

  it('sizes every padding, margin, gap and font from the scale, never a length of its own', () => {
    expect(offScale(css)).toEqual([]);
  });

  it('names only steps the scale defines', () => {
    const named = [...css.matchAll(/var\((--(?:space|text|leading|icon)-[a-z0-9-]+)\)/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(100);
    expect(named.filter((n) => !defined.has(n))).toEqual([]);
  });

  it('catches a length written out, wherever it stands in the value', () => {
    expect(
      offScale('.a { padding: var(--space-2) 10px; }\n.b { margin: 0 auto; font-size: var(--text-sm); }'),
    ).toEqual(['line 1: padding: var(--space-2) 10px']);
    expect(offScale('.c {\n  font: 600 0.9rem / 1.2 sans-serif;\n  gap: 4px;\n}')).toEqual([
      'line 2: font: 600 0.9rem / 1.2 sans-serif',
      'line 3: gap: 4px',
    ]);
    expect(offScale('/* margin: 12px */ .d { margin-left: 15%; inset: 4px; }')).toEqual([]);
  });
});
