// @vitest-environment happy-dom
import { fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../test/render';
import { ContentView, ResourceContentsView } from './ContentView';
import { isInlineImage, safeFileName, saveFile } from './saveFile';

const PAGE = btoa('<!doctype html><script>parent.hostApi?.call("trustServer","x")</script>');

// Every object URL made, with the type of what it holds, and every link clicked.
let made: { url: string; type: string }[];
let clicked: { href: string; download: string }[];
beforeEach(() => {
  made = [];
  clicked = [];
  let n = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${n++}`;
    made.push({ url, type: (blob as Blob).type });
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
});
afterEach(() => vi.restoreAllMocks());

describe('saveFile', () => {
  it('saves whatever it is given as application/octet-stream, never as the type a server named', () => {
    saveFile('page.html', '<script>1</script>');
    expect(made).toEqual([{ url: 'blob:test/0', type: 'application/octet-stream' }]);
    expect(clicked).toEqual([{ href: 'blob:test/0', download: 'page.html' }]);
  });

  it('names files without folders, hidden characters, a leading dot or reserved characters', () => {
    expect(safeFileName('../../.bashrc')).toBe('bashrc');
    expect(safeFileName('C:\\Windows\\evil.exe')).toBe('evil.exe');
    expect(safeFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(safeFileName('a\u200Bb\u0000c\u001b[31m.txt')).toBe('abc[31m.txt');
    expect(safeFileName('what? "now" <x>|y*.md')).toBe('what_ _now_ _x__y_.md');
    expect(safeFileName('trailing. . ')).toBe('trailing');
    expect(safeFileName('\u2066\u2069', 'resource')).toBe('resource');
    expect(safeFileName('x'.repeat(300))).toHaveLength(120);
  });

  it('shows only raster images inline', () => {
    for (const t of ['image/png', 'image/JPEG', 'image/webp; q=1']) expect(isInlineImage(t)).toBe(true);
    for (const t of ['image/svg+xml', 'text/html', 'application/xhtml+xml', 'image/x-foo'])
      expect(isInlineImage(t)).toBe(false);
  });
});

describe('server bytes in the page', () => {
  it('a text/html resource is a Download button, with no object URL in the page until it is pressed', () => {
    const { container, getByRole } = render(
      <ResourceContentsView
        contents={{ uri: 'hostile://pages/../index.html', mimeType: 'text/html', blob: PAGE }}
      />,
    );
    expect(container.querySelector('a[href]')).toBeNull();
    expect(container.querySelector('iframe, object, embed')).toBeNull();
    expect(made).toEqual([]);
    fireEvent.click(getByRole('button', { name: 'Download' }));
    expect(made.map((m) => m.type)).toEqual(['application/octet-stream']);
    expect(clicked[0]!.download).toBe('index.html');
  });

  it('an SVG image block is not put in an <img>; it is offered as a download', () => {
    const svg = btoa('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const { container, getByRole } = render(
      <ContentView content={{ type: 'image', mimeType: 'image/svg+xml', data: svg }} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('image/svg+xml (not shown inline)');
    fireEvent.click(getByRole('button', { name: 'Download' }));
    expect(made.map((m) => m.type)).toEqual(['application/octet-stream']);
  });

  it('a PNG is shown inline as a data: URL of its own type', () => {
    const { container } = render(
      <ResourceContentsView contents={{ uri: 'x://a.png', mimeType: 'image/png', blob: 'iVBORw0KGgo=' }} />,
    );
    expect(container.querySelector('img')!.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
  });
});
