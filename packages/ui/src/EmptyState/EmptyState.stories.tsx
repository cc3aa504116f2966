import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Button } from '../Button';
import { IconPlus, IconUsers } from '../Icon';
import { EmptyState } from './EmptyState';

const meta = {
  title: 'Feedback/EmptyState',
  component: EmptyState,
  tags: ['autodocs'],
  args: {
    icon: <IconUsers size={28} />,
    title: 'Nenhum cliente ainda',
    description: 'Cadastre seu primeiro cliente ou importe uma planilha para começar a enviar questionários.',
    action: (
      <Button>
        <IconPlus size={18} /> Novo cliente
      </Button>
    ),
  },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Nenhum cliente ainda' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Novo cliente' })).toBeInTheDocument();
  },
};

export const WithoutAction: Story = {
  args: { action: undefined, title: 'Nenhuma resposta pendente', description: 'Tudo revisado por aqui.' },
};
export const Minimal: Story = { args: { action: undefined, icon: undefined, description: undefined } };
export const Dark: Story = { globals: { colorMode: 'dark' } };
