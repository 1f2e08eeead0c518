import type { ReactNode } from 'react';

/** A problem to fix, announced to screen readers as it appears. */
export function ErrorText({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="field-error" role="alert">
      {children}
    </p>
  );
}
