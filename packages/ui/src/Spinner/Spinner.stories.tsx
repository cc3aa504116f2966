import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Stack } from '../Stack';
import { Spinner } from './Spinner';

const meta = {
  title: 'Feedback/Spinner',
  component: Spinner,
  tags: ['autodocs'],
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Carregando' })).toBeInTheDocument();
  },
};

export const CustomLabel: Story = {
  args: { label: 'Enviando foto' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Enviando foto' })).toBeInTheDocument();
  },
};

export const Sizes: Story = {
  render: () => (
    <Stack direction="row" gap={4} align="center">
      <Spinner size={16} label="Pequeno" />
      <Spinner size={24} label="Médio" />
      <Spinner size={40} label="Grande" />
    </Stack>
  ),
};

export const Dark: Story = { globals: { colorMode: 'dark' } };
