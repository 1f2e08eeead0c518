// @vitest-environment happy-dom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../test/render';
import { WebLink, webHref } from './WebLink';

describe('WebLink', () => {
  it('links an http(s) address to open outside the app, without opener or referrer', () => {
    const { container } = render(<WebLink url="https://github.com/acme/weather" />);
    const a = container.querySelector('a')!;
    expect(a.getAttribute('href')).toBe('https://github.com/acme/weather');
    expect(a.getAttribute('target')).toBe('_blank');
    expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    expect(a.textContent).toBe('https://github.com/acme/weather');
  });

  it.each([
    'javascript:alert(1)',
    'file:///etc/passwd',
    'data:text/html,<script>alert(1)</script>',
    'not a url',
  ])('shows %s as text, not a link', (url) => {
    const { container } = render(<WebLink url={url} />);
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toBe(url);
    expect(webHref(url)).toBeUndefined();
  });

  it('reveals hidden characters in the text of a link', () => {
    const { container } = render(<WebLink url={'https://example.com/\u202Egnp.exe'} />);
    expect(container.querySelector('a .hidden-char')).not.toBeNull();
  });
});
