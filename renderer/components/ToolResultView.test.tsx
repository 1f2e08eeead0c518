// @vitest-environment happy-dom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../test/render';
import { ToolResultView } from './ToolResultView';

describe('ToolResultView', () => {
  it('shows structured content once: the text block that only repeats it is left out', () => {
    const { container } = render(
      <ToolResultView
        result={{
          content: [
            { type: 'text', text: '{"b":[1,2],"a":"x"}' },
            { type: 'text', text: 'A note of its own' },
          ],
          structuredContent: { a: 'x', b: [1, 2] },
        }}
      />,
    );
    expect(container.textContent).toContain('A note of its own');
    expect(container.textContent).toContain('Structured content');
    expect(container.querySelectorAll('.content-list > *')).toHaveLength(1);
  });
  it('keeps a text block that differs from the structured content, and all content without it', () => {
    const { container } = render(
      <ToolResultView
        result={{ content: [{ type: 'text', text: '{"a":"y"}' }], structuredContent: { a: 'x' } }}
      />,
    );
    expect(container.querySelectorAll('.content-list > *')).toHaveLength(1);
    const plain = render(<ToolResultView result={{ content: [{ type: 'text', text: '{"a":"x"}' }] }} />);
    expect(plain.container.textContent).not.toContain('Structured content');
    expect(plain.container.querySelectorAll('.content-list > *')).toHaveLength(1);
  });
});
