// Whether this computer's trust store vouches for the certificate that signed a bundle, for code
// signing, helped by the intermediates sent with it. On macOS and Windows the system's own verifier
// decides (`security verify-cert -p codeSign`; .NET's X509Chain with the code-signing policy and online
// revocation), as `mcpb` does. On Linux, where there is no system verifier to ask, the chain is built
// here with node:crypto up to a root of the distribution's CA bundle: `mcpb`'s `openssl verify -purpose
// codesigning` vouches for nothing there (OpenSSL names that purpose "codesign", and only from 3.2)
// and reads only the first certificate of the chain it is given.
import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface TrustOptions {
  /** The roots to trust instead of this computer's store (the chain is then built here, on any system). */
  roots?: readonly X509Certificate[];
  /** When the certificates must be valid (now unless given). */
  at?: Date;
}

/** Whether the trust store (or `options.roots`) vouches for `signer` as a code signer, through `others`. */
export async function isTrustedSigner(
  signer: X509Certificate,
  others: readonly X509Certificate[],
  options: TrustOptions = {},
): Promise<boolean> {
  const at = options.at ?? new Date();
  if (options.roots) return chainsToRoot(signer, others, options.roots, at);
  if (process.platform === 'darwin') return macTrusts(signer, others);
  if (process.platform === 'win32') return windowsTrusts(signer, others);
  return chainsToRoot(signer, others, await linuxRoots(), at);
}

const CODE_SIGNING = '1.3.6.1.5.5.7.3.3';
const ANY_EXTENDED_USAGE = '2.5.29.37.0';
const MAX_DEPTH = 8;

// Node's `keyUsage` is the extended key usage; a certificate without one may be used for anything.
const mayCodeSign = (cert: X509Certificate) =>
  !cert.keyUsage || cert.keyUsage.includes(CODE_SIGNING) || cert.keyUsage.includes(ANY_EXTENDED_USAGE);

const validAt = (cert: X509Certificate, at: Date) =>
  new Date(cert.validFrom).getTime() <= at.getTime() && at.getTime() <= new Date(cert.validTo).getTime();

// Names, key identifiers and the issuer's key usage (OpenSSL's X509_check_issued), then the signature.
const issued = (cert: X509Certificate, by: X509Certificate) =>
  cert.checkIssued(by) && cert.verify(by.publicKey);

/**
 * Whether a chain runs from `signer` through certificate authorities among `others` to one of `roots`,
 * every certificate in it valid at `at` and allowed to sign code. A root is trusted because it is in
 * `roots`; what the bundle sends with its signature never is.
 */
export function chainsToRoot(
  signer: X509Certificate,
  others: readonly X509Certificate[],
  roots: readonly X509Certificate[],
  at: Date,
): boolean {
  const walk = (cert: X509Certificate, seen: Set<string>): boolean => {
    if (!validAt(cert, at) || !mayCodeSign(cert)) return false;
    if (roots.some((root) => validAt(root, at) && mayCodeSign(root) && issued(cert, root))) return true;
    if (seen.size >= MAX_DEPTH) return false;
    return others.some(
      (ca) =>
        ca.ca &&
        !seen.has(ca.fingerprint256) &&
        issued(cert, ca) &&
        walk(ca, new Set(seen).add(ca.fingerprint256)),
    );
  };
  return walk(signer, new Set([signer.fingerprint256]));
}

// Where distributions keep their CA bundle (the list Go's crypto/x509 reads), SSL_CERT_FILE first.
const LINUX_BUNDLES = [
  '/etc/ssl/certs/ca-certificates.crt',
  '/etc/pki/tls/certs/ca-bundle.crt',
  '/etc/ssl/ca-bundle.pem',
  '/etc/pki/tls/cacert.pem',
  '/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem',
  '/etc/ssl/cert.pem',
];
const LINUX_DIRS = ['/etc/ssl/certs', '/etc/pki/tls/certs'];

const PEM = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

function certificatesIn(text: string): X509Certificate[] {
  return [...text.matchAll(PEM)].flatMap(([pem]) => {
    try {
      return [new X509Certificate(pem)];
    } catch {
      return [];
    }
  });
}

/** The roots of this Linux system: its CA bundle, or else the certificates in its certificate folder. */
export async function linuxRoots(env: NodeJS.ProcessEnv = process.env): Promise<X509Certificate[]> {
  for (const file of [env.SSL_CERT_FILE, ...LINUX_BUNDLES]) {
    if (!file) continue;
    const text = await readFile(file, 'utf8').catch(() => undefined);
    if (text !== undefined) return certificatesIn(text);
  }
  for (const dir of [...(env.SSL_CERT_DIR?.split(path.delimiter) ?? []), ...LINUX_DIRS]) {
    const names = await readdir(dir).catch(() => undefined);
    if (!names) continue;
    const texts = await Promise.all(
      names.map((name) => readFile(path.join(dir, name), 'utf8').catch(() => '')),
    );
    return texts.flatMap(certificatesIn);
  }
  return [];
}

// The system verifiers reach out for revocation (Windows allows itself 30 s for that): give them time.
const VERIFIER_TIMEOUT_MS = 60_000;

/** Runs `file` (no shell) and says whether it exited 0; `stdoutHas`, when given, must be in its output. */
function succeeds(file: string, args: string[], env?: NodeJS.ProcessEnv, stdoutHas?: string) {
  return new Promise<boolean>((resolve) => {
    execFile(
      file,
      args,
      {
        timeout: VERIFIER_TIMEOUT_MS,
        windowsHide: true,
        ...(env ? { env: { ...process.env, ...env } } : {}),
      },
      (error, stdout) => resolve(!error && (stdoutHas === undefined || stdout.includes(stdoutHas))),
    );
  });
}

/** The chain written to a scratch folder, one file a certificate, signer first; removed after `use`. */
async function withChainFiles<T>(certs: X509Certificate[], use: (files: string[]) => Promise<T>) {
  const dir = await mkdtemp(path.join(tmpdir(), 'switchboard-chain-'));
  try {
    const files = await Promise.all(
      certs.map(async (cert, i) => {
        const file = path.join(dir, `${i}.cer`);
        await writeFile(file, cert.raw);
        return file;
      }),
    );
    return await use(files);
  } finally {
    await rm(dir, { recursive: true, force: true }).catch(() => {});
  }
}

// Each certificate its own -c, signer first (security(1): "can be specified multiple times, leaf first").
const macTrusts = (signer: X509Certificate, others: readonly X509Certificate[]) =>
  withChainFiles([signer, ...others], (files) =>
    succeeds('security', ['verify-cert', ...files.flatMap((f) => ['-c', f]), '-p', 'codeSign']),
  );

// mcpb's check, the files handed over in the environment rather than spliced into the script.
const WINDOWS_CHECK = `
$ErrorActionPreference = 'Stop'
$files = $env:SWITCHBOARD_CHAIN_FILES -split [IO.Path]::PathSeparator
$leaf = New-Object System.Security.Cryptography.X509Certificates.X509Certificate2 -ArgumentList $files[0]
$chain = New-Object System.Security.Cryptography.X509Certificates.X509Chain
$chain.ChainPolicy.RevocationMode = 'Online'
$chain.ChainPolicy.RevocationFlag = 'EntireChain'
$chain.ChainPolicy.UrlRetrievalTimeout = New-TimeSpan -Seconds 30
[void]$chain.ChainPolicy.ApplicationPolicy.Add((New-Object System.Security.Cryptography.Oid '${CODE_SIGNING}'))
for ($i = 1; $i -lt $files.Count; $i++) {
  [void]$chain.ChainPolicy.ExtraStore.Add((New-Object System.Security.Cryptography.X509Certificates.X509Certificate2 -ArgumentList $files[$i]))
}
if ($chain.Build($leaf)) { 'Valid' } else { exit 1 }
`.trim();

const windowsTrusts = (signer: X509Certificate, others: readonly X509Certificate[]) =>
  withChainFiles([signer, ...others], (files) =>
    succeeds(
      'powershell.exe',
      ['-NoProfile', '-NonInteractive', '-Command', WINDOWS_CHECK],
      { SWITCHBOARD_CHAIN_FILES: files.join(path.delimiter) },
      'Valid',
    ),
  );
