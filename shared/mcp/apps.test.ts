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
    expect(csp).toContain(
      "media-src 'self' data:; connect-src 'none'; worker-src 'self' blob:; frame-src 'none'; object-src 'none'",
    );
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
    expect(csp).toContain("worker-src 'self' blob: https://*.cdn.example.com;");
    expect(csp).toContain('frame-src https://www.youtube.com;');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(allowAttribute(['clipboardWrite', 'camera'])).toBe('clipboard-write; camera');
  });

  it('nothing on this machine or its network, and no wildcard over a whole top-level domain (found by a review)', () => {
    const sources = [
      'http://localhost:11434',
      'HTTP://LOCALHOST:1',
      'http://127.0.0.1:2375',
      'http://0.0.0.0:3000',
      'ws://localhost:6463',
      'http://*.localhost:4555',
      'http://v0123.localhost:4555',
      'http://169.254.169.254',
      'http://192.168.1.1',
      'http://10.0.0.1:8080',
      'http://172.20.0.1',
      'http://100.64.0.1',
      'http://printer.local',
      'http://metadata.google.internal',
      'http://intranet',
      'https://*.com',
      'https://a.example:99999',
      'http://999.1.1.1',
    ];
    const meta = viewResourceMeta({
      ui: { csp: { connectDomains: [...sources, 'https://API.Example.com'] } },
    });
    expect(meta.csp.connectDomains).toEqual(['https://api.example.com']);
    expect(meta.refused).toHaveLength(sources.length);
    expect(meta.refused[0]).toBe(
      'csp.connectDomains: "http://localhost:11434" is on this machine or its network',
    );
    expect(meta.refused).toContain(
      'csp.connectDomains: "https://*.com" is a wildcard over a whole top-level domain',
    );
    expect(meta.refused).toContain('csp.connectDomains: "http://intranet" is a single-label name');
    expect(meta.refused).toContain('csp.connectDomains: "https://a.example:99999" has no such port');
    // Public addresses and ordinary wildcards stay.
    expect(
      viewResourceMeta({ ui: { csp: { connectDomains: ['https://8.8.8.8', 'https://*.example.com'] } } }).csp
        .connectDomains,
    ).toEqual(['https://8.8.8.8', 'https://*.example.com']);
  });

  it('a wildcard over numeric labels reaches addresses (Chromium matches `*.0.0.1` against 127.0.0.1): refused, and so is any address not written as a plain dotted quad (found by an attack review)', () => {
    const sources = [
      'http://*.0.0.1:4555',
      'http://*.0.1',
      'http://*.254.169.254',
      'http://*.168.1.1',
      'https://*.8.8.8',
      'http://0177.0.0.1',
      'http://127.1',
      'http://0x7f.0.0.1',
      'http://2130706433.0',
      'http://a.0x1',
    ];
    const meta = viewResourceMeta({ ui: { csp: { connectDomains: sources } } });
    expect(meta.csp.connectDomains).toEqual([]);
    expect(meta.refused).toHaveLength(sources.length);
    expect(meta.refused[0]).toBe('csp.connectDomains: "http://*.0.0.1:4555" is a wildcard over addresses');
    expect(meta.refused).toContain('csp.connectDomains: "http://0177.0.0.1" is not an address');
    // Names that merely contain numbers stay.
    expect(
      viewResourceMeta({ ui: { csp: { connectDomains: ['https://*.1.example.com', 'https://8.8.8.8'] } } })
        .csp.connectDomains,
    ).toEqual(['https://*.1.example.com', 'https://8.8.8.8']);
  });
});
