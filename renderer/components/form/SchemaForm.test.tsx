// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../test/render';
import { fieldsOf, initialValues } from './restrictedSchema';
import { SchemaForm } from './SchemaForm';

describe('SchemaForm', () => {
  it('shows an option’s hidden characters as markers (an <option> holds only text) and keeps its value', () => {
    const { fields } = fieldsOf({
      type: 'object',
      properties: {
        file: {
          type: 'string',
          title: 'File',
          oneOf: [
            { const: 'a', title: 'report\u202Efdp.exe' },
            { const: 'b', title: 'notes.txt' },
          ],
        },
      },
    });
    render(<SchemaForm fields={fields} values={initialValues(fields)} errors={{}} onChange={() => {}} />);
    const options = Array.from((screen.getByLabelText('File') as HTMLSelectElement).options);
    expect(options.map((o) => [o.value, o.textContent])).toEqual([
      ['', '—'],
      ['a', 'report⟨U+202E RIGHT-TO-LEFT OVERRIDE⟩fdp.exe'],
      ['b', 'notes.txt'],
    ]);
  });

  it('repeats a text value that holds hidden characters beneath its box, with markers', () => {
    const { fields } = fieldsOf({
      type: 'object',
      properties: { name: { type: 'string', title: 'Name', default: 'ad\u200Bmin' } },
    });
    render(<SchemaForm fields={fields} values={initialValues(fields)} errors={{}} onChange={() => {}} />);
    expect(screen.getByRole('note').textContent).toContain('ad⟨U+200B ZERO WIDTH SPACE⟩min');
  });

  it('a Send with problems puts the focus on the first field that has one', () => {
    const { fields } = fieldsOf({
      type: 'object',
      properties: {
        name: { type: 'string', title: 'Name' },
        email: { type: 'string', title: 'Email', format: 'email' },
        age: { type: 'integer', title: 'Age' },
      },
      required: ['email', 'age'],
    });
    const view = render(
      <SchemaForm fields={fields} values={initialValues(fields)} errors={{}} onChange={() => {}} />,
    );
    expect(document.activeElement).toBe(document.body);
    view.rerender(
      <SchemaForm
        fields={fields}
        values={initialValues(fields)}
        errors={{ age: 'Required', email: 'Required' }}
        onChange={() => {}}
      />,
    );
    expect(document.activeElement).toBe(screen.getByLabelText(/^Email/));
  });
});
