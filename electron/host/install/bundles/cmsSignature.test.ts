import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  craftZip,
  ecSelfSignedCert,
  fixtureEntries,
  opensslSignature,
  packFixture,
  selfSignedCert,
  signBundle,
} from '../../../../e2e/fixtures/mcpb/bundles';
import { splitSigned } from '../../../../e2e/fixtures/mcpb/signatureBlock';
import { checkCmsSignature, readCmsSignature } from './cmsSignature';

let built = '';
let archive = '';
let ec: { cert: string; key: string };
let mcpbSigned: { archive: Buffer; der: Buffer };
beforeAll(async () => {
  built = await mkdtemp(path.join(tmpdir(), 'sb-cms-'));
  archive = path.join(built, 'archive.zip');
  await writeFile(archive, craftZip(await fixtureEntries()));
  ec = await ecSelfSignedCert(built);
  const file = await packFixture(built, path.join(built, 'signed.mcpb'));
  await signBundle(file, await selfSignedCert(built, 'Forge Signer'));
  mcpbSigned = splitSigned(await readFile(file));
  return () => rm(built, { recursive: true, force: true });
});

const digest = (algorithm: string, bytes: Buffer) => createHash(algorithm).update(bytes).digest();

describe('a bundle signature (CMS SignedData, checked with PKI.js)', () => {
  it('holds as `mcpb sign` writes it (node-forge: RSA, SHA-256), for exactly the archive it signed', async () => {
    const sig = readCmsSignature(mcpbSigned.der);
    expect(sig.digest).toBe('sha256');
    const { signer, others } = await checkCmsSignature(sig, digest('sha256', mcpbSigned.archive));
    expect(signer.subject).toMatch(/CN=Forge Signer/);
    expect(others).toEqual([]);
    const changed = Buffer.concat([mcpbSigned.archive, Buffer.from(' ')]);
    await expect(checkCmsSignature(sig, digest('sha256', changed))).rejects.toMatchObject({
      problem: 'bad-signature',
      message: expect.stringMatching(
        /not valid \(its contents do not match what was signed\).*Do not install it/,
      ),
    });
  });

  it('holds as another tool writes it (openssl cms: ECDSA P-256, SHA-384, attributes of its own)', async () => {
    const sig = readCmsSignature(await opensslSignature(archive, ec, '-md', 'sha384'));
    expect(sig.digest).toBe('sha384');
    const { signer } = await checkCmsSignature(sig, digest('sha384', await readFile(archive)));
    expect(signer.subject).toMatch(/CN=EC Publisher/);
  });

  it('does not hold once its signature value is changed', async () => {
    const der = Buffer.from(mcpbSigned.der);
    const value = Buffer.from(readCmsSignature(der).signer.signature.valueBlock.valueHexView);
    der[der.indexOf(value) + 10]! ^= 0x01;
    await expect(
      checkCmsSignature(readCmsSignature(der), digest('sha256', mcpbSigned.archive)),
    ).rejects.toMatchObject({ message: expect.stringMatching(/the signature does not verify/) });
  });

  it('does not hold without its signer’s certificate', async () => {
    const sig = readCmsSignature(await opensslSignature(archive, ec, '-nocerts'));
    await expect(checkCmsSignature(sig, digest('sha256', await readFile(archive)))).rejects.toMatchObject({
      message: expect.stringMatching(/the signer certificate is missing/),
    });
  });

  it.each([
    [
      'a digest too weak to sign with (SHA-1)',
      ['-md', 'sha1'],
      /unsupported digest algorithm \(1\.3\.14\.3\.2\.26\)/,
    ],
    ['a signer named by key identifier', ['-keyid'], /signer is named by a key identifier/],
    ['no signed attributes', ['-noattr'], /no signed attributes/],
    ['the content inside (not detached)', ['-nodetach'], /the content is inside/],
  ])('is refused with %s', async (_what, options, message) => {
    const der = await opensslSignature(archive, ec, ...options);
    expect(() => readCmsSignature(der)).toThrow(message);
  });

  it('is refused with bytes after it, or when it is no signature at all', () => {
    expect(() => readCmsSignature(Buffer.concat([mcpbSigned.der, Buffer.from([0])]))).toThrow(
      /not valid \(bytes after the signature\)/,
    );
    expect(() => readCmsSignature(Buffer.from('not DER'))).toThrow(/its signature block cannot be read/);
  });
});
