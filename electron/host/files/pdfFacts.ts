import { inflateSync } from 'node:zlib';

/** What the host must know of a PDF before it goes to a model: its pages, and whether it is encrypted. */
export interface PdfFacts {
  /** Absent when no page tree could be read (the API then judges it). */
  pages?: number;
  encrypted: boolean;
}

/** Inflated object streams read at most (a PDF that inflates past it is judged on what was read). */
const MAX_INFLATED = 64 * 1024 * 1024;

/**
 * The page count and encryption of a PDF, read without rendering it: the page tree's root says how
 * many pages there are (`/Type /Pages … /Count n`: the largest count, since every other node of the
 * tree counts a part of it), whether it stands in the file's text or in a compressed object stream
 * (`/Type /ObjStm`, PDF 1.5 on); failing a tree, the `/Type /Page` objects are counted. A trailer or
 * cross-reference stream naming `/Encrypt` means a password or encryption Anthropic does not take.
 */
export function pdfFacts(bytes: Uint8Array): PdfFacts {
  const raw = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const texts = [raw, ...objectStreams(raw)];
  let tree = 0;
  let leaves = 0;
  for (const text of texts) {
    for (const m of text.matchAll(/\/Type\s*\/Pages\b/g)) {
      const count = countOf(dictionaryAround(text, m.index).text);
      if (count !== undefined) tree = Math.max(tree, count);
    }
    leaves += [...text.matchAll(/\/Type\s*\/Page(?![a-zA-Z])/g)].length;
  }
  const pages = tree > 0 ? tree : leaves > 0 ? leaves : undefined;
  return { ...(pages === undefined ? {} : { pages }), encrypted: /\/Encrypt\s*(\d+\s+\d+\s+R|<<)/.test(raw) };
}

/** The `<< … >>` that holds position `at` (nested dictionaries kept whole), and where it ends. */
function dictionaryAround(text: string, at: number): { text: string; end: number } {
  let depth = 0;
  let start = -1;
  for (let i = at; i > 0; i--) {
    if (text.startsWith('>>', i - 1)) {
      depth++;
      i--;
    } else if (text.startsWith('<<', i - 1)) {
      if (depth === 0) {
        start = i - 1;
        break;
      }
      depth--;
      i--;
    }
  }
  if (start < 0) return { text: '', end: at };
  depth = 0;
  for (let i = start; i < text.length - 1; i++) {
    if (text.startsWith('<<', i)) {
      depth++;
      i++;
    } else if (text.startsWith('>>', i)) {
      depth--;
      i++;
      if (depth === 0) return { text: text.slice(start, i + 1), end: i + 1 };
    }
  }
  return { text: text.slice(start), end: text.length };
}

const countOf = (dict: string): number | undefined => {
  const m = dict.match(/\/Count\s+(\d+)/);
  return m ? Number(m[1]) : undefined;
};

/** The inflated text of every Flate-compressed object stream in the file. */
function objectStreams(raw: string): string[] {
  const out: string[] = [];
  let inflated = 0;
  for (const m of raw.matchAll(/\/Type\s*\/ObjStm\b/g)) {
    const { text: dict, end: after } = dictionaryAround(raw, m.index);
    if (!/\/FlateDecode\b/.test(dict)) continue;
    const stream = raw.slice(after).match(/^\s*stream\r?\n/);
    if (!stream) continue;
    const start = after + stream[0].length;
    const length = Number(dict.match(/\/Length\s+(\d+)(?!\s+\d+\s+R)/)?.[1]);
    const end = Number.isFinite(length) && length > 0 ? start + length : raw.indexOf('endstream', start);
    if (end <= start) continue;
    try {
      const text = inflateSync(Buffer.from(raw.slice(start, end), 'latin1'), {
        maxOutputLength: MAX_INFLATED - inflated,
      }).toString('latin1');
      inflated += text.length;
      out.push(text);
    } catch {
      // A stream that does not inflate (damaged, or past the bound) tells nothing: the rest may.
    }
    if (inflated >= MAX_INFLATED) break;
  }
  return out;
}
