import { signatureText } from '../../../shared/host/bundleSignatureText';
import type { BundlePreviewView } from '../../../shared/host/bundleView';
import { SafeText } from '../../components/SafeText';
import { LaunchText } from '../servers/TrustPrompt';

/** How a manifest names a setting in what it runs. */
const PLACEHOLDER = ['$', '{user_config.…}'].join('');

/**
 * An opened bundle's facts, as its manifest states them (the publisher's text, shown as text): name,
 * version, author, description, where the file came from, its signature, and what it runs.
 */
export function BundleFacts({ preview }: { preview: BundlePreviewView }) {
  const { source, signature } = preview;
  return (
    <div className="bundle-facts">
      <p>
        <strong>
          <SafeText text={preview.displayName ?? preview.name} />
        </strong>{' '}
        <code>
          <SafeText text={preview.name} />
        </code>{' '}
        <SafeText text={preview.version} /> by <SafeText text={preview.author} />
      </p>
      <p>
        <SafeText text={preview.description} />
      </p>
      <dl className="facts">
        <dt>File</dt>
        <dd>
          {source.kind === 'file' ? (
            <SafeText text={source.file} />
          ) : (
            <>
              <SafeText text={source.url} /> (from <SafeText text={`${source.entry} ${source.version}`} /> in
              the registry)
            </>
          )}
        </dd>
        <dt>SHA-256</dt>
        <dd>
          <code>{preview.sha256}</code>
          {preview.sha256Checked && ' — the one the registry lists'}
        </dd>
        <dt>Signature</dt>
        <dd data-signature={signature.status} className={signature.status === 'signed' ? '' : 'warning'}>
          <SafeText text={signatureText(signature)} />
          {signature.status !== 'unsigned' && (
            <span className="muted">
              {' '}
              Certificate SHA-256 <code>{signature.fingerprint}</code>, valid{' '}
              {signature.validFrom.slice(0, 10)} to {signature.validTo.slice(0, 10)}.
            </span>
          )}
        </dd>
      </dl>
      {preview.template ? (
        <div className="trust" data-testid="bundle-template">
          <p>It runs (the settings below fill in each {PLACEHOLDER}):</p>
          <LaunchText launch={preview.template} />
        </div>
      ) : (
        <p className="muted">What it runs depends on its settings: shown exactly on Review.</p>
      )}
    </div>
  );
}
