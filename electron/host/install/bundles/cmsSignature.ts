// A bundle's detached CMS (PKCS#7) signature, read and checked with PKI.js on Node's WebCrypto. The
// mcpb package cannot check one: its verifyMcpbFile calls node-forge's PKCS#7 verify(), which
// node-forge has never implemented, and so it reports every signed bundle "unsigned" — a tampered one
// included (modelcontextprotocol/mcpb#260, #276). A signature is taken only as `mcpb sign` writes one:
// one signer, signed attributes, nothing else riding along — no unsigned attributes, no revocation
// data, no bytes PKI.js would skip (it must re-encode to exactly its own bytes).
import { X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { BundleError } from './bundleError';

const OID = {
  signedData: '1.2.840.113549.1.7.2',
  data: '1.2.840.113549.1.7.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  rsaEncryption: '1.2.840.113549.1.1.1',
} as const;

export type DigestName = 'sha256' | 'sha384' | 'sha512';
/** The content digests a signature may use: WebCrypto's names, and node:crypto's. */
const DIGESTS = new Map<string, DigestName>([
  ['SHA-256', 'sha256'],
  ['SHA-384', 'sha384'],
  ['SHA-512', 'sha512'],
]);

/** More than any chain of certificates sent with a signature. */
const MAX_CERTIFICATES = 16;

const engine = new pkijs.CryptoEngine({ name: 'node', crypto: globalThis.crypto });

/** A signature as read: nothing in it is checked against the content yet. */
export interface CmsSignature {
  /** The digest the signer took of the content, as node:crypto and as WebCrypto name it. */
  digest: DigestName;
  webDigest: string;
  /** The digest of the content that was signed (the messageDigest attribute). */
  messageDigest: Buffer;
  signer: pkijs.SignerInfo;
  /** The certificates sent with it, as they are in it. */
  certificates: X509Certificate[];
  /** The one the signer names (by issuer and serial number), when it was sent. */
  signerCertificate?: { index: number; certificate: pkijs.Certificate };
}

class Unreadable extends Error {}

const bad = (why: string, cause?: unknown) =>
  new BundleError(
    'bad-signature',
    `The bundle's signature is not valid (${why}): it was damaged or changed after signing. Do not install it; get the bundle again from its publisher.`,
    cause === undefined ? undefined : { cause },
  );

const oidsOf = (attributes: pkijs.Attribute[]) => [...new Set(attributes.map((a) => a.type))].join(', ');

/** The one value of the signed attribute `type`; throws unless there is exactly one, once. */
function onlyValue(attributes: pkijs.Attribute[], type: string, what: string) {
  const found = attributes.filter((a) => a.type === type);
  if (found.length !== 1 || found[0]!.values.length !== 1) throw new Unreadable(`not exactly one ${what}`);
  return found[0]!.values[0];
}

/** Reads a detached SignedData with one signer and its signed attributes (what `mcpb sign` writes). */
export function readCmsSignature(der: Buffer): CmsSignature {
  try {
    const parsed = asn1js.fromBER(der);
    if (parsed.offset === -1) throw new Unreadable('its signature block cannot be read');
    if (parsed.offset !== der.length) throw new Unreadable('bytes after the signature');
    const info = new pkijs.ContentInfo({ schema: parsed.result });
    if (info.contentType !== OID.signedData) throw new Unreadable('not a SignedData');
    const signedData = new pkijs.SignedData({ schema: info.content });

    if (signedData.encapContentInfo.eContent)
      throw new Unreadable('the content is inside: not a detached signature');
    if (signedData.encapContentInfo.eContentType !== OID.data)
      throw new Unreadable('signed content of another type');
    if (signedData.signerInfos.length !== 1)
      throw new Unreadable(`${signedData.signerInfos.length} signers, where one is expected`);
    const signer = signedData.signerInfos[0]!;
    if (signer.unsignedAttrs)
      throw new Unreadable(
        `it carries an unsigned attribute (${oidsOf(signer.unsignedAttrs.attributes)}): data beside the signature that the signature does not cover`,
      );
    if (signedData.crls?.length || signedData.ocsps?.length)
      throw new Unreadable('it carries revocation data, which the signature does not cover');
    if (!(signer.sid instanceof pkijs.IssuerAndSerialNumber))
      throw new Unreadable('its signer is named by a key identifier, not by issuer and serial number');
    if (!signer.signedAttrs) throw new Unreadable('no signed attributes');
    const attributes = signer.signedAttrs.attributes;
    const type = onlyValue(attributes, OID.contentType, 'content type');
    if (!(type instanceof asn1js.ObjectIdentifier) || type.valueBlock.toString() !== OID.data)
      throw new Unreadable('signed content of another type');
    const messageDigest = onlyValue(attributes, OID.messageDigest, 'message digest');
    if (!(messageDigest instanceof asn1js.OctetString))
      throw new Unreadable('a message digest that is no octet string');

    const algorithm = engine.getAlgorithmByOID(signer.digestAlgorithm.algorithmId);
    const webDigest = 'name' in algorithm ? algorithm.name : '';
    const digest = DIGESTS.get(webDigest);
    if (!digest)
      throw new Unreadable(`an unsupported digest algorithm (${signer.digestAlgorithm.algorithmId})`);

    const sent = signedData.certificates ?? [];
    if (sent.length > MAX_CERTIFICATES) throw new Unreadable(`${sent.length} certificates`);
    const ours: pkijs.Certificate[] = sent.map((c) => {
      if (!(c instanceof pkijs.Certificate)) throw new Unreadable('a certificate of another kind');
      return c;
    });
    const sid = signer.sid;
    const index = ours.findIndex(
      (c) => c.issuer.isEqual(sid.issuer) && c.serialNumber.isEqual(sid.serialNumber),
    );

    // Whatever PKI.js skipped (an element it has no name for, a BER form) re-encodes otherwise.
    const again = new pkijs.ContentInfo({ contentType: info.contentType, content: signedData.toSchema() });
    if (!Buffer.from(again.toSchema().toBER()).equals(der))
      throw new Unreadable('it holds more than a signature, or is not in DER');
    return {
      digest,
      webDigest,
      messageDigest: Buffer.from(messageDigest.valueBlock.valueHexView),
      signer,
      // The whole signature re-encodes to itself: each certificate's encoding is the one it was sent in.
      certificates: ours.map((c) => new X509Certificate(Buffer.from(c.toSchema().toBER()))),
      ...(index === -1 ? {} : { signerCertificate: { index, certificate: ours[index]! } }),
    };
  } catch (error) {
    if (error instanceof BundleError) throw error;
    throw bad(error instanceof Unreadable ? error.message : 'its signature block cannot be read', error);
  }
}

/**
 * The signer's certificate, and the others sent with it, once the signature holds for content whose
 * digest is `contentDigest`. Throws BundleError('bad-signature') otherwise. The digest is taken by the
 * caller, streamed (SignedData.verify would want the whole bundle in memory); PKI.js checks the rest.
 */
export async function checkCmsSignature(
  sig: CmsSignature,
  contentDigest: Buffer,
): Promise<{ signer: X509Certificate; others: X509Certificate[] }> {
  if (!contentDigest.equals(sig.messageDigest)) throw bad('its contents do not match what was signed');
  if (!sig.signerCertificate) throw bad('the signer certificate is missing');
  const { index, certificate } = sig.signerCertificate;
  let holds = false;
  try {
    // As SignedData.verify does: rsaEncryption names no digest, so the content's digest is the one.
    holds = await engine.verifyWithPublicKey(
      sig.signer.signedAttrs?.encodedValue ?? new ArrayBuffer(0),
      sig.signer.signature,
      certificate.subjectPublicKeyInfo,
      sig.signer.signatureAlgorithm,
      sig.signer.signatureAlgorithm.algorithmId === OID.rsaEncryption ? sig.webDigest : undefined,
    );
  } catch (error) {
    throw bad('its signature cannot be checked', error);
  }
  if (!holds) throw bad('the signature does not verify');
  const signer = sig.certificates[index]!;
  return { signer, others: sig.certificates.filter((c) => c !== signer) };
}
