import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Stack } from '../Stack';
import { Badge } from './Badge';

const meta = {
  title: 'Base/Badge',
  component: Badge,
  tags: ['autodocs'],
  args: { children: 'Ativo', tone: 'success' },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Ativo')).toHaveAttribute('data-tone', 'success');
  },
};

export const Neutral: Story = { args: { tone: 'neutral', children: 'Rascunho' } };
export const Info: Story = { args: { tone: 'info', children: 'Período de teste' } };
export const Warning: Story = { args: { tone: 'warning', children: 'Pagamento pendente' } };
export const Danger: Story = { args: { tone: 'danger', children: 'Assinatura expirada' } };

const all = () => (
  <Stack direction="row" gap={2} wrap>
    <Badge tone="neutral">Rascunho</Badge>
    <Badge tone="info">Período de teste</Badge>
    <Badge tone="success">Ativo</Badge>
    <Badge tone="warning">Atrasado</Badge>
    <Badge tone="danger">Cancelado</Badge>
  </Stack>
);
export const AllTones: Story = { render: all };
export const Dark: Story = { globals: { colorMode: 'dark' }, render: all };
