import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Stack } from '../Stack';
import { Heading } from './Heading';

const meta = {
  title: 'Base/Heading',
  component: Heading,
  tags: ['autodocs'],
  args: { level: 1, children: 'Clientes' },
} satisfies Meta<typeof Heading>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Clientes' })).toBeInTheDocument();
  },
};

export const Levels: Story = {
  render: () => (
    <Stack gap={3}>
      <Heading level={1}>Nível 1 — Clientes</Heading>
      <Heading level={2}>Nível 2 — Questionários</Heading>
      <Heading level={3}>Nível 3 — Respostas recebidas</Heading>
      <Heading level={4}>Nível 4 — Notas da revisão</Heading>
    </Stack>
  ),
  play: async ({ canvas }) => {
    for (const level of [1, 2, 3, 4]) {
      await expect(canvas.getByRole('heading', { level })).toBeInTheDocument();
    }
  },
};

/** Outline level and visual size are independent. */
export const SmallH1: Story = { args: { level: 1, size: 4, children: 'Título de página discreto' } };

export const Dark: Story = { globals: { colorMode: 'dark' } };
