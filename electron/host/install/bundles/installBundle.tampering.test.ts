// A signed bundle changed after signing never installs as signed: what is unpacked is exactly what was
// signed, and nothing may ride along in the parts of the file or the signature no signature covers.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import * as asn1js from 'asn1js';
import { beforeAll, describe, expect, it } from 'vitest';
import yauzl, { type Entry } from 'yauzl';
import {
  craftZip,
  fixtureEntries,
  issuedCert,
  packFixture,
  signBundle,
} from '../../../../e2e/fixtures/mcpb/bundles';
import {
  addUnsignedAttribute,
  editSignedData,
  hideZipInSignature,
  joinSigned,
  relocateZip,
  splitSigned,
  widenComment,
} from '../../../../e2e/fixtures/mcpb/signatureBlock';
import { tempDirPerTest } from '../../../../e2e/fixtures/tempDir';
import { BundleError } from './bundleError';
import { installBundle } from './installBundle';

let dir = '';
tempDirPerTest('sb-mcpb-tamper-', (d) => {
  dir = d;
});
let built = '';
let leaf: Awaited<ReturnType<typeof issuedCert>>;
/** A bundle signed by `mcpb sign` with a certificate the trust check below vouches for. */
let signed: Buffer;
/** Another complete bundle, whose server is not the signed one's. */
let hostile: Buffer;
beforeAll(async () => {
  built = await mkdtemp(path.join(tmpdir(), 'sb-mcpb-built-'));
  leaf = await issuedCert(built, 'Example Publisher');
  const file = await packFixture(built, path.join(built, 'signed.mcpb'));
  await signBundle(file, leaf, [leaf.ca]);
  signed = await readFile(file);
  const entries = await fixtureEntries();
  hostile = craftZip(
    entries.map((e) =>
      e.name === 'server/index.mjs' ? { ...e, data: 'process.stdout.write("not the signed server")' } : e,
    ),
  );
  return () => rm(built, { recursive: true, force: true });
});

const trustAll = async () => true;

/** server/index.mjs as yauzl reads it from the whole file. */
async function serverIn(bytes: Buffer): Promise<string> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
  try {
    const entries: Entry[] = await new Promise((resolve, reject) => {
      const all: Entry[] = [];
      zip.on('entry', (entry: Entry) => {
        all.push(entry);
        zip.readEntry();
      });
      zip.on('end', () => resolve(all));
      zip.on('error', reject);
      zip.readEntry();
    });
    const entry = entries.find((e) => e.fileName === 'server/index.mjs');
    if (!entry) throw new Error('no server/index.mjs');
    return text(await zip.openReadStreamPromise(entry));
  } finally {
    zip.close();
  }
}

async function install(bytes: Buffer) {
  const file = path.join(dir, 'bundle.mcpb');
  await writeFile(file, bytes);
  return installBundle({ file, bundlesDir: path.join(dir, 'bundles'), trust: trustAll });
}

/** Installs `bytes` and expects a refusal naming `message`; then nothing of it is on disk. */
async function refused(bytes: Buffer, message: RegExp) {
  const error = await install(bytes).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(BundleError);
  expect(error).toMatchObject({ problem: 'bad-signature', message: expect.stringMatching(message) });
  expect((error as BundleError).message).toMatch(/Do not install it/);
  expect(await readdir(path.join(dir, 'bundles'))).toEqual([]);
}

describe('a signed bundle changed after signing', () => {
  it('as signed (and with its comment widened over the block, as a later mcpb writes it) installs as "signed"', async () => {
    for (const bytes of [signed, widenComment(signed, splitSigned(signed).archive.length)]) {
      const bundle = await install(bytes);
      expect(bundle.origin.signature).toMatchObject({ status: 'signed', publisher: 'Example Publisher' });
      expect(await readFile(path.join(bundle.origin.dir, 'server/index.mjs'), 'utf8')).toMatch(/report/);
      await rm(bundle.origin.dir, { recursive: true });
    }
  });

  it('the attack of issue 47: another zip hidden in an unsigned attribute, the comment widened over it', async () => {
    const attack = hideZipInSignature(signed, hostile);
    // What a zip reader that reads the whole file from its end unpacks: the hidden server.
    expect(await serverIn(attack)).toBe('process.stdout.write("not the signed server")');
    await refused(attack, /signature block holds the end of another zip archive/);
  });

  it('an unsigned attribute, whatever it carries: data beside the signature that it does not cover', async () => {
    const { archive, der } = splitSigned(signed);
    const withAttribute = editSignedData(der, (s) => addUnsignedAttribute(s, Buffer.from('a note')));
    await refused(joinSigned(archive, withAttribute), /unsigned attribute \(1\.2\.3\.4\.5\)/);
  });

  it('a second signature block inside the first, ending at the same footer: either could be the one', async () => {
    const { archive, der } = splitSigned(signed);
    // The inner block's length field runs it to the end of the attribute, the last bytes of the DER.
    const inner = Buffer.alloc(200);
    inner.write('MCPB_SIG_V1');
    inner.writeUInt32LE(inner.length - 15, 11);
    const withBlock = editSignedData(der, (s) => addUnsignedAttribute(s, inner));
    await refused(joinSigned(archive, withBlock), /it holds two signature blocks/);
  });

  it('anything in the signature that its reader would skip (an element after the signer infos)', async () => {
    const { archive, der } = splitSigned(signed);
    const info = asn1js.fromBER(der).result as asn1js.Sequence;
    const signedData = (info.valueBlock.value[1] as asn1js.Constructed).valueBlock
      .value[0] as asn1js.Sequence;
    signedData.valueBlock.value.push(new asn1js.OctetString({ valueHex: Buffer.from('riding along') }));
    await refused(joinSigned(archive, Buffer.from(info.toBER())), /holds more than a signature/);
  });

  it('bytes after the signature block', async () => {
    await refused(
      Buffer.concat([signed, relocateZip(hostile, signed.length, 0)]),
      /\d+ bytes follow its signature block/,
    );
  });

  it('a comment that reaches into the signature block without covering it', async () => {
    const blockStart = splitSigned(signed).archive.length;
    await refused(
      widenComment(signed, blockStart, blockStart + 20),
      /comment reaches into its signature block/,
    );
  });

  it('signed with bytes between the archive and the signature block', async () => {
    // The signer's own doing (the bytes are signed), and still not a bundle: no zip reader reads them.
    const file = path.join(built, 'between.mcpb');
    await writeFile(file, Buffer.concat([craftZip(await fixtureEntries()), Buffer.from('between')]));
    await signBundle(file, leaf, [leaf.ca]);
    await refused(await readFile(file), /7 bytes between the archive and its signature block/);
  });
});
