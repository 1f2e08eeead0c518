import type { BundleSignatureView } from './bundleView';

/**
 * A bundle's signature said plainly — who vouches for it, and what that is worth — in the same words
 * wherever it is shown (the app's preview, `switchboard-mcp install`).
 */
export function signatureText(signature: BundleSignatureView): string {
  switch (signature.status) {
    case 'unsigned':
      return 'Unsigned: nothing says who made this bundle.';
    case 'self-signed':
      return `Self-signed by "${signature.publisher}": the signature only shows the file is unchanged since it was signed; anyone can make such a certificate, so it proves nothing about who made it.`;
    case 'untrusted':
      return `Signed by "${signature.publisher}" (issued by "${signature.issuer}"), a certificate this computer does not trust: it proves nothing about who made it.`;
    case 'signed':
      return `Signed by "${signature.publisher}" (issued by "${signature.issuer}", trusted by this computer).`;
  }
}
