import { describe, expect, it } from 'vitest';
import {
  allowAttribute,
  modelMayCall,
  toolUi,
  viewContentSecurityPolicy,
  viewMayCall,
  viewResourceMeta,
} from './apps';

describe('MCP Apps metadata, read as a server may send it', () => {
  it('a tool’s View is a ui:// URI (the deprecated flat key too); anything else is no View', () => {
    expect(toolUi({ _meta: { ui: { resourceUri: 'ui://a/view.html' } } }).resourceUri).toBe(
      'ui://a/view.html',
    );
    expect(toolUi({ _meta: { 'ui/resourceUri': 'ui://old/view.html' } }).resourceUri).toBe(
      'ui://old/view.html',
    );
    for (const uri of ['https://evil.example/view.html', 'file:///etc/passwd', 42, null])
      expect(toolUi({ _meta: { ui: { resourceUri: uri } } }).resourceUri).toBeUndefined();
    expect(toolUi({}).resourceUri).toBeUndefined();
  });

  it('visibility: both by default; a malformed list is the default, not a hidden tool', () => {
    expect(toolUi({}).visibility).toEqual(['model', 'app']);
    expect(toolUi({ _meta: { ui: { visibility: ['app'] } } }).visibility).toEqual(['app']);
    expect(toolUi({ _meta: { ui: { visibility: ['model', 'model'] } } }).visibility).toEqual(['model']);
    expect(toolUi({ _meta: { ui: { visibility: 'app' } } }).visibility).toEqual(['model', 'app']);
    expect(toolUi({ _meta: { ui: { visibility: ['nobody'] } } }).visibility).toEqual(['model', 'app']);
    expect(modelMayCall({ _meta: { ui: { visibility: ['app'] } } })).toBe(false);
    expect(viewMayCall({ _meta: { ui: { visibility: ['app'] } } })).toBe(true);
    expect(viewMayCall({ _meta: { ui: { visibility: ['model'] } } })).toBe(false);
  });

  it('nothing declared: the spec’s restrictive default, no network at all', () => {
    const meta = viewResourceMeta(undefined);
    expect(meta).toEqual({
      csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
      permissions: [],
      refused: [],
    });
    const csp = viewContentSecurityPolicy(meta.csp, ['app://switchboard']);
    expect(csp).toContain(
      "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:",
    );
    expect(csp).toContain("media-src 'self' data:; connect-src 'none'; frame-src 'none'; object-src 'none'");
    expect(csp).toContain("base-uri 'self'; form-action 'none'; frame-ancestors app://switchboard");
  });

  it('declared sources go where the spec puts them; anything that would widen the policy otherwise is refused and named', () => {
    const meta = viewResourceMeta({
      ui: {
        csp: {
          connectDomains: ['https://api.example.com', 'wss://live.example.com:8443', '*', 'data:'],
          resourceDomains: [
            'https://*.cdn.example.com/',
            "'unsafe-eval'",
            'https://a.example.com https://b.example.com',
          ],
          frameDomains: ['https://www.youtube.com', 'javascript:alert(1)'],
          baseUriDomains: 'https://base.example.com',
        },
        permissions: { microphone: {}, clipboardWrite: {}, geolocation: false },
        prefersBorder: true,
      },
    });
    expect(meta.csp).toEqual({
      connectDomains: ['https://api.example.com', 'wss://live.example.com:8443'],
      resourceDomains: ['https://*.cdn.example.com'],
      frameDomains: ['https://www.youtube.com'],
      baseUriDomains: [],
    });
    expect(meta.refused).toEqual([
      'csp.connectDomains: "*" is not a scheme://host[:port] source',
      'csp.connectDomains: "data:" is not a scheme://host[:port] source',
      `csp.resourceDomains: "'unsafe-eval'" is not a scheme://host[:port] source`,
      'csp.resourceDomains: "https://a.example.com https://b.example.com" is not a scheme://host[:port] source',
      'csp.frameDomains: "javascript:alert(1)" is not a scheme://host[:port] source',
      'csp.baseUriDomains is not a list',
    ]);
    expect(meta.permissions).toEqual(['microphone', 'clipboardWrite']);
    expect(meta.prefersBorder).toBe(true);
    const csp = viewContentSecurityPolicy(meta.csp, []);
    expect(csp).toContain('connect-src https://api.example.com wss://live.example.com:8443;');
    expect(csp).toContain("img-src 'self' data: https://*.cdn.example.com;");
    expect(csp).toContain('frame-src https://www.youtube.com;');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(allowAttribute(['clipboardWrite', 'camera'])).toBe('clipboard-write; camera');
  });
});
