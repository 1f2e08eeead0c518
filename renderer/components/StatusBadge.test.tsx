// @vitest-environment happy-dom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../test/render';
import { StatusBadge } from './StatusBadge';

const lastError = { message: 'Stopped answering', stderrTail: [], at: 0 };

describe('StatusBadge', () => {
  it('a remote server between tries is Unreachable; a local one is restarting', () => {
    const state = { status: 'restarting' as const, attempt: 7, inMs: 30_000, lastError };
    expect(render(<StatusBadge state={state} remote />).container.textContent).toBe(
      'Unreachable (trying again in 30 s)',
    );
    expect(render(<StatusBadge state={state} />).container.textContent).toBe('Restarting (try 7, in 30 s)');
  });

  it('a server stopped for a sign-in says Sign in required, not Error', () => {
    const signIn = { issuer: 'https://auth.example', scopes: [] };
    const needs = { status: 'error' as const, error: { ...lastError, permanent: true, signIn } };
    expect(render(<StatusBadge state={needs} remote />).container.textContent).toBe('Sign in required');
    const broken = { status: 'error' as const, error: lastError };
    expect(render(<StatusBadge state={broken} remote />).container.textContent).toBe('Error');
  });
});
