import type { X509Certificate } from 'node:crypto';
import { isTrustedSigner } from './certificateTrust';
import { type CmsSignature, checkCmsSignature } from './cmsSignature';

/**
 * Who signed a bundle, said plainly. `signed`: by a certificate this computer's trust store vouches for;
 * `self-signed`: by a certificate that vouches only for itself (anyone can make one); `untrusted`: by
 * a certificate issued by someone this computer does not trust. A signature that does not hold is no
 * status: the bundle is refused.
 */
export type BundleSignature =
  | { status: 'unsigned' }
  | {
      status: 'signed' | 'self-signed' | 'untrusted';
      /** The certificate's subject common name (or its whole subject). */
      publisher: string;
      issuer: string;
      validFrom: string;
      validTo: string;
      /** SHA-256 of the signer's certificate, colon-separated hex. */
      fingerprint: string;
    };

/** Whether the operating system's trust store vouches for `signer`, helped by the `others` sent with it. */
export type TrustCheck = (signer: X509Certificate, others: X509Certificate[]) => Promise<boolean>;

/** The operating system's own check (certificateTrust.ts): its trust store, for code signing. */
const osTrustCheck: TrustCheck = (signer, others) => isTrustedSigner(signer, others);

const commonName = (dn: string) =>
  dn
    .split('\n')
    .find((line) => line.startsWith('CN='))
    ?.slice(3) ?? dn.split('\n').join(', ');

const isSelfSigned = (cert: X509Certificate) => cert.checkIssued(cert) && cert.verify(cert.publicKey);

/**
 * The bundle's signature judged against `archiveDigest` (the digest, with the signature's own
 * algorithm, of the archive as it is unpacked): throws BundleError('bad-signature') when it does not hold.
 */
export async function judgeSignature(
  signed: { cms: CmsSignature; archiveDigest: Buffer } | undefined,
  trusts: TrustCheck = osTrustCheck,
): Promise<BundleSignature> {
  if (!signed) return { status: 'unsigned' };
  const { signer, others } = await checkCmsSignature(signed.cms, signed.archiveDigest);
  const status = isSelfSigned(signer)
    ? 'self-signed'
    : (await trusts(signer, others))
      ? 'signed'
      : 'untrusted';
  return {
    status,
    publisher: commonName(signer.subject),
    issuer: commonName(signer.issuer),
    validFrom: new Date(signer.validFrom).toISOString(),
    validTo: new Date(signer.validTo).toISOString(),
    fingerprint: signer.fingerprint256,
  };
}
