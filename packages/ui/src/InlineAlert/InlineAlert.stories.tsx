import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Stack } from '../Stack';
import { InlineAlert } from './InlineAlert';

const meta = {
  title: 'Feedback/InlineAlert',
  component: InlineAlert,
  tags: ['autodocs'],
  args: {
    tone: 'info',
    title: 'Confirme seu e-mail',
    children: 'Enviamos um código de 6 números para ana@exemplo.com.br.',
  },
} satisfies Meta<typeof InlineAlert>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Confirme seu e-mail');
  },
};

export const Success: Story = { args: { tone: 'success', title: 'Conta confirmada', children: 'Agora é só entrar.' } };

export const Warning: Story = {
  args: {
    tone: 'warning',
    title: 'Pagamento pendente',
    children: 'Atualize seu cartão para continuar usando o Acompanha.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Pagamento pendente');
  },
};

export const Danger: Story = {
  args: { tone: 'danger', title: undefined, children: 'E-mail ou senha incorretos.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('E-mail ou senha incorretos.');
  },
};

export const AllTones: Story = {
  render: () => (
    <Stack gap={3}>
      <InlineAlert tone="info" title="Informação">
        Texto de apoio.
      </InlineAlert>
      <InlineAlert tone="success" title="Sucesso">
        Texto de apoio.
      </InlineAlert>
      <InlineAlert tone="warning" title="Atenção">
        Texto de apoio.
      </InlineAlert>
      <InlineAlert tone="danger" title="Erro">
        Texto de apoio.
      </InlineAlert>
    </Stack>
  ),
};

export const Dark: Story = { globals: { colorMode: 'dark' }, render: AllTones.render };
