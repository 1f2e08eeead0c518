// A bundle's detached PKCS#7 (CMS) signature, checked here because the mcpb package cannot: its
// verifyMcpbFile calls node-forge's PKCS#7 verify(), which node-forge has never implemented, and so it
// reports every signed bundle "unsigned" — a tampered one included (modelcontextprotocol/mcpb#260,
// #276). The structure is walked with der.ts; the digest and the signature are checked by Node's crypto.
import { verify as cryptoVerify, X509Certificate } from 'node:crypto';
import { BundleError } from './bundleError';
import { bytesOf, children, contentOf, DER, DerError, expect, oidOf, readNode } from './der';

const OID = {
  signedData: '1.2.840.113549.1.7.2',
  data: '1.2.840.113549.1.7.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
} as const;

const DIGESTS = new Map([
  ['2.16.840.1.101.3.4.2.1', 'sha256'],
  ['2.16.840.1.101.3.4.2.2', 'sha384'],
  ['2.16.840.1.101.3.4.2.3', 'sha512'],
]);
export type DigestName = 'sha256' | 'sha384' | 'sha512';

/** Signature algorithms Node verifies from the certificate's key alone (PKCS#1 v1.5, ECDSA, Ed25519). */
const SIGNATURES = new Map<string, 'rsa' | 'ec' | 'ed25519'>([
  ['1.2.840.113549.1.1.1', 'rsa'],
  ['1.2.840.113549.1.1.11', 'rsa'],
  ['1.2.840.113549.1.1.12', 'rsa'],
  ['1.2.840.113549.1.1.13', 'rsa'],
  ['1.2.840.10045.2.1', 'ec'],
  ['1.2.840.10045.4.3.2', 'ec'],
  ['1.2.840.10045.4.3.3', 'ec'],
  ['1.2.840.10045.4.3.4', 'ec'],
  ['1.3.101.112', 'ed25519'],
]);

/** A signature as read, before anything is checked. */
export interface Pkcs7Signature {
  digest: DigestName;
  /** The content digest the signer signed (the messageDigest attribute). */
  messageDigest: Buffer;
  /** The signed attributes as they are signed: re-tagged from [0] IMPLICIT to SET OF. */
  signedAttributes: Buffer;
  signature: Buffer;
  keyType: 'rsa' | 'ec' | 'ed25519';
  signerSerial: string;
  certificates: X509Certificate[];
}

const bad = (why: string, cause?: unknown) =>
  new BundleError(
    'bad-signature',
    `The bundle's signature is not valid (${why}): it was damaged or changed after signing. Do not install it; get the bundle again from its publisher.`,
    cause === undefined ? undefined : { cause },
  );

const serialHex = (hex: string) => hex.toUpperCase().replace(/^0+(?=.)/, '');

/** Reads a detached SignedData with one signer and its signed attributes (what `mcpb sign` writes). */
export function readPkcs7(der: Buffer): Pkcs7Signature {
  try {
    const contentInfo = expect(readNode(der), DER.SEQUENCE, 'ContentInfo');
    if (contentInfo.end !== der.length) throw new DerError('bytes after the signature');
    const [type, wrapped] = children(contentInfo);
    if (oidOf(type!) !== OID.signedData) throw new DerError('not a SignedData');
    const signedData = expect(
      children(expect(wrapped, DER.context(0), 'content'))[0],
      DER.SEQUENCE,
      'SignedData',
    );
    const parts = children(signedData);
    const encapsulated = expect(parts[2], DER.SEQUENCE, 'encapContentInfo');
    if (children(encapsulated).length > 1)
      throw new DerError('the content is inside: not a detached signature');
    const certificates = parts
      .filter((p) => p.tag === DER.context(0))
      .flatMap((p) => children(p))
      .map((c) => new X509Certificate(bytesOf(c)));
    const signerInfos = children(expect(parts.at(-1), DER.SET, 'signerInfos'));
    if (signerInfos.length !== 1) throw new DerError(`${signerInfos.length} signers, where one is expected`);
    const info = children(expect(signerInfos[0], DER.SEQUENCE, 'SignerInfo'));
    const [, sid, digestAlgorithm, attributes, signatureAlgorithm, signature] = info;
    const serial = expect(children(expect(sid, DER.SEQUENCE, 'the signer id'))[1], DER.INTEGER, 'serial');
    const digest = DIGESTS.get(oidOf(children(expect(digestAlgorithm, DER.SEQUENCE, 'digest'))[0]!));
    if (!digest) throw new DerError('an unsupported digest algorithm');
    if (attributes?.tag !== DER.context(0)) throw new DerError('no signed attributes');
    const keyType = SIGNATURES.get(
      oidOf(children(expect(signatureAlgorithm, DER.SEQUENCE, 'algorithm'))[0]!),
    );
    if (!keyType) throw new DerError('an unsupported signature algorithm');
    let messageDigest: Buffer | undefined;
    for (const attribute of children(attributes)) {
      const [attrType, values] = children(expect(attribute, DER.SEQUENCE, 'an attribute'));
      const value = children(expect(values, DER.SET, 'attribute values'));
      const oid = oidOf(attrType!);
      if (oid === OID.messageDigest) {
        if (messageDigest || value.length !== 1) throw new DerError('more than one message digest');
        messageDigest = contentOf(expect(value[0], DER.OCTET_STRING, 'the message digest'));
      } else if (oid === OID.contentType && (value.length !== 1 || oidOf(value[0]!) !== OID.data)) {
        throw new DerError('signed content of another type');
      }
    }
    if (!messageDigest) throw new DerError('no message digest');
    const signedAttributes = Buffer.from(bytesOf(attributes));
    signedAttributes[0] = DER.SET;
    return {
      digest: digest as DigestName,
      messageDigest,
      signedAttributes,
      signature: contentOf(expect(signature, DER.OCTET_STRING, 'the signature')),
      keyType,
      signerSerial: serialHex(contentOf(serial).toString('hex')),
      certificates,
    };
  } catch (error) {
    if (error instanceof BundleError) throw error;
    throw bad(error instanceof DerError ? error.message : 'its signature block cannot be read', error);
  }
}

/**
 * The signer's certificate, once the signature holds for content with one of `contentDigests`
 * (the digests of what the bundle holds, in every form its signer may have signed). Throws otherwise.
 */
export function checkPkcs7(
  sig: Pkcs7Signature,
  contentDigests: Buffer[],
): { signer: X509Certificate; others: X509Certificate[] } {
  if (!contentDigests.some((d) => d.equals(sig.messageDigest)))
    throw bad('its contents do not match what was signed');
  const candidates = sig.certificates.filter((c) => serialHex(c.serialNumber) === sig.signerSerial);
  for (const signer of candidates) {
    if (signer.publicKey.asymmetricKeyType !== sig.keyType) continue;
    const digest = sig.keyType === 'ed25519' ? null : sig.digest;
    let holds = false;
    try {
      holds = cryptoVerify(digest, sig.signedAttributes, signer.publicKey, sig.signature);
    } catch (error) {
      throw bad('its signature cannot be checked', error);
    }
    if (holds) return { signer, others: sig.certificates.filter((c) => c !== signer) };
  }
  throw bad(candidates.length === 0 ? 'the signer certificate is missing' : 'the signature does not verify');
}
