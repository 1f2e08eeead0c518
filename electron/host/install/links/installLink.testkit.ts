import { expect } from 'vitest';
import { type LinkPreview, type LinkServer, parseInstallLink } from './installLink';

// What the link tests share: read a link that must be accepted, or one that must be refused.

export function preview(link: string, from?: string): LinkPreview {
  const result = parseInstallLink(link, from !== undefined ? { from } : {});
  if (!result.ok) throw new Error(`refused: ${result.error}`);
  return result.preview;
}
export function only(link: string): LinkServer {
  const install = preview(link).install;
  if (install.kind !== 'servers' || install.servers.length !== 1) throw new Error('not one server');
  return install.servers[0]!;
}
export function refusal(link: string): string {
  const result = parseInstallLink(link);
  if (result.ok) throw new Error(`accepted: ${JSON.stringify(result.preview)}`);
  expect(result.error).toMatch(/^Cannot add from this link: /);
  return result.error;
}
export const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
export const vscode = (value: unknown) => `vscode:mcp/install?${encodeURIComponent(JSON.stringify(value))}`;
