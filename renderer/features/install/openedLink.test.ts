import { expect, it } from 'vitest';
import { linkInAddress } from './openedLink';

it('reads the link of /install?link=…, and nothing from any other address', () => {
  const link = 'vscode:mcp/install?{"name":"a","command":"x"}';
  expect(linkInAddress(`http://127.0.0.1:5/install?link=${encodeURIComponent(link)}`)).toBe(link);
  expect(linkInAddress('http://127.0.0.1:5/install')).toBeUndefined();
  expect(linkInAddress('http://127.0.0.1:5/?link=x')).toBeUndefined();
  expect(linkInAddress('not a url')).toBeUndefined();
});
