import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Form } from '../Form';
import { TextField } from './TextField';
import { FieldLabel, tooLongMessage } from './FieldLabel';

const meta = {
  title: 'Formulários/FieldLabel',
  component: FieldLabel,
  tags: ['autodocs'],
  args: { label: 'Nome', isRequired: true },
  // A label names a field: shown here above one, as every field of the kit uses it.
  render: (args) => (
    <Form aria-label="Exemplo" css={{ maxWidth: 320 }}>
      <TextField label={args.label} isRequired={args.isRequired} />
    </Form>
  ),
} satisfies Meta<typeof FieldLabel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Required: a red asterisk beside the label, hidden from screen readers (they hear "obrigatório"). */
export const Required: Story = {
  play: async ({ canvas }) => {
    const field = canvas.getByRole('textbox', { name: 'Nome' });
    await expect(field).toBeRequired();
    const mark = canvas.getByText('*');
    await expect(mark).toHaveAttribute('aria-hidden', 'true');
    await expect(mark).toBeVisible();
    // The label's own text stays the field's name.
    await expect(canvas.getByText('Nome').tagName).toBe('LABEL');
  },
};

export const Optional: Story = {
  args: { label: 'Apelido', isRequired: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Apelido' })).not.toBeRequired();
    await expect(canvas.queryByText('*')).toBeNull();
  },
};

/** The sentence a field past its limit shows (nothing is cut). */
export const TooLongSentence: Story = {
  render: () => <p>{tooLongMessage(1234, 1000)}</p>,
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Use no máximo 1.000 caracteres (agora são 1.234).')).toBeVisible();
  },
};

export const Dark: Story = { globals: { colorMode: 'dark' } };
