// Chains made here with the openssl CLI: a root of the test's own (given as the trusted roots, as no
// real CA will sign for a test), intermediates and signers under it, and the ways a chain goes wrong.
import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../../../../e2e/fixtures/skipWhen';
import { chainsToRoot, isTrustedSigner, linuxRoots } from './certificateTrust';

const run = promisify(execFile);
const DAY = 24 * 60 * 60 * 1000;

interface Made {
  cert: X509Certificate;
  certFile: string;
  keyFile: string;
}

const CA_EXT = ['basicConstraints=critical,CA:TRUE', 'keyUsage=critical,keyCertSign,cRLSign'];
const SIGNER_EXT = ['basicConstraints=CA:FALSE', 'keyUsage=digitalSignature', 'extendedKeyUsage=codeSigning'];

let dir = '';
let serial = 1;
/**
 * A certificate for `cn`, self-signed or issued by `issuer`, with `ext` and `days` of validity; without
 * `keyIds`, no key identifiers say which key issued it (only the name and the signature do).
 */
async function make(
  cn: string,
  issuer: Made | undefined,
  ext: string[],
  days = 30,
  keyIds = true,
): Promise<Made> {
  const base = path.join(dir, `${serial++}-${cn.replace(/\W/g, '_')}`);
  const keyFile = `${base}.key`;
  const certFile = `${base}.pem`;
  await run('openssl', [
    'genpkey',
    '-algorithm',
    'EC',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-out',
    keyFile,
  ]);
  if (!issuer) {
    await run('openssl', [
      ...['req', '-x509', '-new', '-key', keyFile, '-subj', `/CN=${cn}`, '-days', String(days)],
      ...ext.flatMap((e) => ['-addext', e]),
      ...['-out', certFile],
    ]);
  } else {
    const csr = `${base}.csr`;
    const extFile = `${base}.ext`;
    await writeFile(
      extFile,
      [
        ...ext,
        ...(keyIds
          ? ['subjectKeyIdentifier=hash', 'authorityKeyIdentifier=keyid']
          : ['subjectKeyIdentifier=none', 'authorityKeyIdentifier=none']),
      ].join('\n'),
    );
    await run('openssl', ['req', '-new', '-key', keyFile, '-subj', `/CN=${cn}`, '-out', csr]);
    await run('openssl', [
      ...['x509', '-req', '-in', csr, '-CA', issuer.certFile, '-CAkey', issuer.keyFile],
      ...['-set_serial', String(serial), '-days', String(days), '-extfile', extFile, '-out', certFile],
    ]);
  }
  return { cert: new X509Certificate(await readFile(certFile)), certFile, keyFile };
}

let root: Made;
let otherRoot: Made;
let intermediate: Made;
let signer: Made;
const certs: Record<string, Made> = {};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sb-cert-trust-'));
  root = await make('Test Root CA', undefined, CA_EXT);
  otherRoot = await make('Other Root CA', undefined, CA_EXT);
  intermediate = await make('Test Intermediate CA', root, CA_EXT);
  signer = await make('Example Publisher', intermediate, SIGNER_EXT);
  const pending: Record<string, Promise<Made>> = {
    shortLived: make('Short-lived Publisher', intermediate, SIGNER_EXT, 1),
    shortIntermediate: make('Short-lived Intermediate CA', root, CA_EXT, 1),
    shortRoot: make('Short-lived Root CA', undefined, CA_EXT, 1),
    // Same name as the real intermediate, another key, issued by the same root.
    impostor: make('Test Intermediate CA', root, CA_EXT),
    notCa: make('Not A CA', root, ['basicConstraints=critical,CA:FALSE', 'keyUsage=digitalSignature']),
    // Nothing but its basic constraints says it may not issue certificates.
    notCaAtAll: make('Not A CA Either', root, ['basicConstraints=critical,CA:FALSE']),
    foreignIntermediate: make('Intermediate of another root', otherRoot, CA_EXT),
    serverOnly: make('Server Only', intermediate, [
      'basicConstraints=CA:FALSE',
      'keyUsage=digitalSignature',
      'extendedKeyUsage=serverAuth',
    ]),
    noEku: make('No Extended Usage', intermediate, [
      'basicConstraints=CA:FALSE',
      'keyUsage=digitalSignature',
    ]),
    direct: make('Direct Publisher', root, SIGNER_EXT),
  };
  for (const [name, cert] of Object.entries(pending)) certs[name] = await cert;
  certs.underShortIntermediate = await make('Publisher Under Short CA', certs.shortIntermediate, SIGNER_EXT);
  certs.underImpostor = await make('Impostor Publisher', certs.impostor, SIGNER_EXT);
  // Its issuer's name is the real intermediate's, and nothing else says it is another.
  certs.underImpostorNoKeyId = await make('Impostor Publisher', certs.impostor, SIGNER_EXT, 30, false);
  certs.underShortRoot = await make('Publisher Under Short Root', certs.shortRoot, SIGNER_EXT);
  certs.underNotCa = await make('Publisher Under Non-CA', certs.notCa, SIGNER_EXT);
  certs.underNotCaAtAll = await make('Publisher Under Non-CA', certs.notCaAtAll, SIGNER_EXT);
  certs.underForeign = await make('Foreign Publisher', certs.foreignIntermediate, SIGNER_EXT);
  return () => rm(dir, { recursive: true, force: true });
}, 60_000);

const trusted = (leaf: Made, others: Made[], roots: Made[] = [root], at = new Date()) =>
  chainsToRoot(
    leaf.cert,
    others.map((o) => o.cert),
    roots.map((r) => r.cert),
    at,
  );

describe('whether a signer chains to a trusted root', () => {
  it('a signer issued by an intermediate the signature sends, issued by a trusted root: trusted', () => {
    expect(trusted(signer, [intermediate])).toBe(true);
  });

  it('a signer issued by the trusted root itself: trusted, with or without others sent', () => {
    expect(trusted(certs.direct!, [])).toBe(true);
    expect(trusted(certs.direct!, [intermediate, otherRoot])).toBe(true);
  });

  it('the intermediates in any order, among certificates that have nothing to do with the chain', () => {
    expect(trusted(signer, [otherRoot, certs.foreignIntermediate!, certs.impostor!, intermediate])).toBe(
      true,
    );
  });

  it('a missing intermediate: not trusted', () => {
    expect(trusted(signer, [])).toBe(false);
    expect(trusted(signer, [certs.foreignIntermediate!])).toBe(false);
  });

  it('a root the signature sends is not trusted for being sent', () => {
    expect(trusted(signer, [intermediate, root], [])).toBe(false);
    expect(trusted(signer, [intermediate, root], [otherRoot])).toBe(false);
  });

  it('a chain to a root that is not the trusted one: not trusted', () => {
    expect(trusted(certs.underForeign!, [certs.foreignIntermediate!])).toBe(false);
    expect(trusted(certs.underForeign!, [certs.foreignIntermediate!], [otherRoot])).toBe(true);
  });

  it('an expired signer, or one not yet valid: not trusted', () => {
    const later = new Date(Date.now() + 2 * DAY);
    expect(trusted(certs.shortLived!, [intermediate])).toBe(true);
    expect(trusted(certs.shortLived!, [intermediate], [root], later)).toBe(false);
    expect(trusted(signer, [intermediate], [root], later)).toBe(true);
    expect(trusted(signer, [intermediate], [root], new Date(Date.now() - 2 * DAY))).toBe(false);
  });

  it('an expired intermediate or root: not trusted', () => {
    const later = new Date(Date.now() + 2 * DAY);
    expect(trusted(certs.underShortIntermediate!, [certs.shortIntermediate!])).toBe(true);
    expect(trusted(certs.underShortIntermediate!, [certs.shortIntermediate!], [root], later)).toBe(false);
    expect(trusted(certs.underShortRoot!, [], [certs.shortRoot!])).toBe(true);
    expect(trusted(certs.underShortRoot!, [], [certs.shortRoot!], later)).toBe(false);
  });

  it('the wrong issuer: an intermediate of the same name but another key is no issuer', () => {
    expect(certs.impostor!.cert.subject).toBe(intermediate.cert.subject);
    expect(trusted(certs.underImpostor!, [intermediate])).toBe(false);
    expect(trusted(signer, [certs.impostor!])).toBe(false);
    expect(trusted(certs.underImpostor!, [certs.impostor!])).toBe(true);
    expect(certs.underImpostorNoKeyId!.cert.checkIssued(intermediate.cert)).toBe(true);
    expect(trusted(certs.underImpostorNoKeyId!, [intermediate])).toBe(false);
    expect(trusted(certs.underImpostorNoKeyId!, [certs.impostor!])).toBe(true);
  });

  it('an intermediate that is no certificate authority: not trusted', () => {
    expect(trusted(certs.underNotCa!, [certs.notCa!])).toBe(false);
    expect(certs.underNotCaAtAll!.cert.checkIssued(certs.notCaAtAll!.cert)).toBe(true);
    expect(trusted(certs.underNotCaAtAll!, [certs.notCaAtAll!])).toBe(false);
  });

  it('a signer not meant to sign code (its extended key usage says otherwise): not trusted', () => {
    expect(trusted(certs.serverOnly!, [intermediate])).toBe(false);
    expect(trusted(certs.noEku!, [intermediate])).toBe(true);
  });
});

describe('the trust store', () => {
  it('given roots are used in its place', async () => {
    expect(await isTrustedSigner(signer.cert, [intermediate.cert], { roots: [root.cert] })).toBe(true);
    expect(await isTrustedSigner(signer.cert, [intermediate.cert], { roots: [otherRoot.cert] })).toBe(false);
  });

  it("this computer's does not vouch for a CA made in the test", async () => {
    expect(await isTrustedSigner(signer.cert, [intermediate.cert, root.cert])).toBe(false);
    expect(await isTrustedSigner(certs.direct!.cert, [root.cert])).toBe(false);
  });

  it.skipIf(skipWhen(process.platform !== 'linux', 'the CA bundle of SSL_CERT_FILE is read on Linux only'))(
    'on Linux, is the CA bundle SSL_CERT_FILE names, or the system’s',
    async () => {
      const bundle = path.join(dir, 'bundle.pem');
      await writeFile(bundle, `# a comment\n${otherRoot.cert.toString()}\n${root.cert.toString()}`);
      const roots = await linuxRoots({ SSL_CERT_FILE: bundle });
      expect(roots.map((r) => r.fingerprint256)).toEqual([
        otherRoot.cert.fingerprint256,
        root.cert.fingerprint256,
      ]);
      expect(chainsToRoot(signer.cert, [intermediate.cert], roots, new Date())).toBe(true);
      const system = await linuxRoots({});
      expect(system.length).toBeGreaterThan(0);
      expect(system.some((r) => r.fingerprint256 === root.cert.fingerprint256)).toBe(false);
    },
  );
});
