// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useApp } from '../../state/store';
import { renderWithHost } from '../../test/render';
import { PromptsPage } from './PromptsPage';

afterEach(() => useApp.setState(useApp.getInitialState(), true));

describe('PromptsPage', () => {
  it('shows each prompt’s title and name with hidden characters as markers', () => {
    useApp.setState({
      catalog: {
        ...useApp.getState().catalog,
        prompts: [{ server: 'weather', prompt: { name: 'fore\u200Dcast', title: 'Fore\u3164cast' } }],
      },
    });
    renderWithHost(<PromptsPage />);
    const item = screen.getByRole('list', { name: 'Prompts' }).querySelector('button')!;
    expect(item.textContent).toBe(
      'Fore⟨U+3164 HANGUL FILLER⟩castweather · /fore⟨U+200D ZERO WIDTH JOINER⟩cast',
    );
  });
});
