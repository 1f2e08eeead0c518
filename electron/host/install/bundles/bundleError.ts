/** Why a bundle was refused: one code per kind of bad input, so a caller (and a test) can tell them apart. */
export type BundleProblem =
  /** The file is not there, not a file, or too large to be a bundle. */
  | 'unreadable'
  /** The file is no zip archive (or a damaged one). */
  | 'not-a-zip'
  /** Unpacked, it would be larger than the limits (or an entry inflates past what it declared). */
  | 'too-large'
  /** An entry's name leaves the bundle's folder (`../`, an absolute path, a drive letter). */
  | 'unsafe-path'
  /** An entry is a symbolic link, or another kind of file that is no plain file or folder. */
  | 'unsafe-entry'
  /** An entry is encrypted or compressed in a way nothing here reads. */
  | 'unsupported-entry'
  | 'manifest-missing'
  | 'manifest-invalid'
  | 'manifest-version'
  /** A signature is present and does not hold: the bundle changed after signing, or it was never valid. */
  | 'bad-signature'
  /** The file is not the one the registry listed. */
  | 'sha256-mismatch'
  /** The manifest names a program or entry point outside the bundle (or one the bundle lacks). */
  | 'outside-bundle'
  /** The bundle cannot run here: another platform, a runtime the host does not provide, a secret on the command line. */
  | 'unsupported'
  /** The values entered in its form do not fit the manifest's `user_config`. */
  | 'user-config';

/**
 * A bundle that cannot be installed or run, with a sentence saying what was wrong in it and, where
 * there is one, what to do. Nothing of it is left on disk when this is thrown by an install.
 */
export class BundleError extends Error {
  constructor(
    readonly problem: BundleProblem,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'BundleError';
  }
}
