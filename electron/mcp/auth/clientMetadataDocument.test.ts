import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientMetadataUrlProblem } from '../../../shared/host/settings';
import { listenForRedirect } from './loopbackRedirect';
import { CLIENT_METADATA } from './oauthClient';

const document = path.resolve(import.meta.dirname, '../../../resources/oauth-client-metadata.json');

/**
 * The Client ID Metadata Document the project publishes (resources/oauth-client-metadata.json): what
 * an authorization server reads about Switchboard when the person sets its URL in Settings. It must
 * say what the client really does, or sign-ins through it fail at the authorization server.
 */
describe('the published Client ID Metadata Document', () => {
  it('has what the spec requires, says what a dynamic registration says, and covers our redirect', async () => {
    const doc = JSON.parse(await readFile(document, 'utf8')) as Record<string, unknown>;
    // MUST: client_id (an https URL with a path), client_name, redirect_uris.
    expect(typeof doc.client_id).toBe('string');
    expect(clientMetadataUrlProblem(doc.client_id as string)).toBeUndefined();
    expect(doc).toMatchObject({ ...CLIENT_METADATA, token_endpoint_auth_method: 'none' });
    // Our listener's redirect URI, with its ephemeral port, is a loopback one the document lists
    // without a port (RFC 8252 §7.3: authorization servers allow any port on loopback).
    const redirect = await listenForRedirect();
    try {
      const uri = new URL(redirect.redirectUri);
      expect(uri.port).not.toBe('');
      uri.port = '';
      expect(doc.redirect_uris).toContain(uri.href);
    } finally {
      redirect.close();
    }
  });
});
