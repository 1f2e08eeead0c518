// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ServerProblems } from './ServerProblems';

describe('ServerProblems', () => {
  it('says each problem of a running server, the server’s own words with hidden characters revealed', () => {
    render(
      <ServerProblems
        problems={[
          { kind: 'tools', message: 'Tool "de\u202Eep" left out: nested deeper than 100 levels.', at: 1 },
          { kind: 'log', message: 'A log message was not shown: too deep', at: 2 },
        ]}
      />,
    );
    const section = screen.getByRole('region', { name: 'Problems' });
    expect(section.querySelector('[data-problem="tools"]')!.textContent).toBe(
      'Tool "de⟨U+202E RIGHT-TO-LEFT OVERRIDE⟩ep" left out: nested deeper than 100 levels.',
    );
    expect(section.querySelector('[data-problem="log"]')!.textContent).toBe(
      'A log message was not shown: too deep',
    );
  });

  it('says nothing when there is nothing to say', () => {
    const { container } = render(<ServerProblems problems={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
