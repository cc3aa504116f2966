import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Button } from '../Button';
import { Form } from '../Form';
import { DocumentField } from './DocumentField';

const meta = {
  title: 'Formulários/DocumentField',
  component: DocumentField,
  tags: ['autodocs'],
  args: { label: 'CPF ou CNPJ', name: 'document', onChange: fn() },
  decorators: [
    (Story) => (
      <div css={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
  render: (args) => (
    <Form onSubmit={(e) => e.preventDefault()}>
      <DocumentField {...args} />
      <Button type="submit">Salvar</Button>
    </Form>
  ),
} satisfies Meta<typeof DocumentField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox', { name: 'CPF ou CNPJ' });
    await userEvent.type(input, '12345678909');
    await expect(input).toHaveValue('123.456.789-09');
    await expect(args.onChange).toHaveBeenLastCalledWith('12345678909');
    await userEvent.keyboard('{Enter}');
    await expect(input).not.toHaveAttribute('aria-invalid');
  },
};

export const Cnpj: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'CPF ou CNPJ' });
    await userEvent.type(input, '12345678000195');
    await expect(input).toHaveValue('12.345.678/0001-95');
  },
};

export const InvalidCpf: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'CPF ou CNPJ' });
    await userEvent.type(input, '12345678900{Enter}');
    await expect(await canvas.findByText('CPF inválido. Confira os números.')).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
  },
};

export const CpfOnly: Story = {
  args: { kind: 'cpf', label: 'CPF' },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'CPF' });
    await userEvent.type(input, '12345678909');
    await expect(input).toHaveValue('123.456.789-09');
    // A digit too many is kept and said, never cut off (a cut number could pass as another person's CPF).
    await userEvent.type(input, '1{Enter}');
    await expect(input).toHaveValue('123456789091');
    await expect(await canvas.findByText('O CPF tem 11 números.')).toBeVisible();
  },
};

export const Dark: Story = { globals: { colorMode: 'dark' }, args: { defaultValue: '52998224725' } };
