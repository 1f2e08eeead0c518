import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { verifyMcpbFile } from '@anthropic-ai/mcpb/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { issuedCert, packFixture, selfSignedCert, signBundle } from '../../../../e2e/fixtures/mcpb/bundles';
import { tempDirPerTest } from '../../../../e2e/fixtures/tempDir';
import { installBundle } from './installBundle';

let dir = '';
tempDirPerTest('sb-mcpb-sig-', (d) => {
  dir = d;
});
let built = '';
let selfSigned = '';
let issued = '';
beforeAll(async () => {
  built = await mkdtemp(path.join(tmpdir(), 'sb-mcpb-built-'));
  selfSigned = await packFixture(built, path.join(built, 'self.mcpb'));
  await signBundle(selfSigned, await selfSignedCert(built));
  issued = await packFixture(built, path.join(built, 'issued.mcpb'));
  const leaf = await issuedCert(built, 'Example Publisher');
  await signBundle(issued, leaf, [leaf.ca]);
  return () => rm(built, { recursive: true, force: true });
});

const install = (file: string, trust?: () => Promise<boolean>) =>
  installBundle({ file, bundlesDir: path.join(dir, 'bundles'), ...(trust ? { trust } : {}) });

describe('bundle signatures', () => {
  it("mcpb's own verifyMcpbFile still calls a signed bundle unsigned (why the signature is checked here)", async () => {
    // modelcontextprotocol/mcpb#260, #276: node-forge's PKCS#7 verify() throws "not yet implemented".
    // When this fails, mcpb verifies signatures itself, and the check here may give way to it.
    expect(await verifyMcpbFile(selfSigned)).toEqual({ status: 'unsigned' });
  });

  it('a bundle signed by a certificate from a CA this computer does not trust is "untrusted", not signed', async () => {
    // The real OS check (on Linux: a chain to a root of the system's CA bundle).
    const bundle = await install(issued);
    expect(bundle.origin.signature).toMatchObject({
      status: 'untrusted',
      publisher: 'Example Publisher',
      issuer: 'Test Root CA',
    });
  });

  it('a bundle whose signer the trust store vouches for is "signed", with who signed it', async () => {
    let asked = 0;
    const bundle = await install(issued, async () => {
      asked++;
      return true;
    });
    expect(asked).toBe(1);
    expect(bundle.origin.signature).toMatchObject({ status: 'signed', publisher: 'Example Publisher' });
    if (bundle.origin.signature.status === 'signed')
      expect(new Date(bundle.origin.signature.validTo).getTime()).toBeGreaterThan(Date.now());
  });

  it('a self-signed bundle is "self-signed" without asking the trust store', async () => {
    const bundle = await install(selfSigned, async () => {
      throw new Error('not asked for a self-signed certificate');
    });
    expect(bundle.origin.signature.status).toBe('self-signed');
  });

  it('reads a bundle signed the way a later mcpb signs (the zip comment widened over the signature)', async () => {
    // modelcontextprotocol/mcpb#204: after signing, the end-of-central-directory record's comment
    // length is widened to cover the signature block, so strict zip readers accept the file.
    const bytes = Buffer.from(await readFile(selfSigned));
    const block = bytes.lastIndexOf('MCPB_SIG_V1');
    const eocd = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]), block);
    expect(bytes.readUInt16LE(eocd + 20)).toBe(0);
    bytes.writeUInt16LE(bytes.length - block, eocd + 20);
    const widened = path.join(dir, 'widened.mcpb');
    await writeFile(widened, bytes);
    const bundle = await install(widened);
    expect(bundle.origin.signature.status).toBe('self-signed');
    expect(await readdir(path.join(bundle.origin.dir, 'server'))).toEqual(['index.mjs']);

    // Widened, and then changed: refused all the same.
    bytes[eocd - 30]! ^= 0x01;
    await writeFile(widened, bytes);
    await expect(install(widened)).rejects.toMatchObject({ problem: 'bad-signature' });
  });
});
