import type { ReactNode } from 'react';
import { SafeText } from './SafeText';

/**
 * A problem to fix, announced to screen readers as it appears. A plain-text message may quote what a
 * server, a file or a person wrote, so its hidden characters are shown as markers.
 */
export function ErrorText({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="field-error" role="alert">
      {typeof children === 'string' ? <SafeText text={children} /> : children}
    </p>
  );
}
