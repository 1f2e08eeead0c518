// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useApp } from '../../state/store';
import { renderWithHost } from '../../test/render';
import { LogsPage } from './LogsPage';

afterEach(() => useApp.setState(useApp.getInitialState(), true));

describe('LogsPage', () => {
  it('offers a server’s logger names with their hidden characters as markers, filtering by the real name', () => {
    useApp.setState({ loggers: ['db\u202Eadmin', 'http'] });
    renderWithHost(<LogsPage />);
    const options = Array.from((screen.getByLabelText('Logger') as HTMLSelectElement).options);
    expect(options.map((o) => [o.value, o.textContent])).toEqual([
      ['', 'Any'],
      ['db\u202Eadmin', 'db⟨U+202E RIGHT-TO-LEFT OVERRIDE⟩admin'],
      ['http', 'http'],
    ]);
  });
});
