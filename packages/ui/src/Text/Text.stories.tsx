import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Text } from './Text';

const meta = {
  title: 'Base/Text',
  component: Text,
  tags: ['autodocs'],
  args: { children: 'Os questionários são enviados no dia e hora escolhidos, no horário de Brasília.' },
} satisfies Meta<typeof Text>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const p = canvas.getByText(/questionários são enviados/);
    await expect(p.tagName).toBe('P');
  },
};
export const Muted: Story = { args: { variant: 'muted' } };
export const Small: Story = { args: { variant: 'small', children: 'Atualizado em 21/11/2025 às 14:30' } };
export const AsSpan: Story = {
  args: { as: 'span', children: 'Texto em linha' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Texto em linha').tagName).toBe('SPAN');
  },
};
export const Dark: Story = { globals: { colorMode: 'dark' }, args: { variant: 'muted' } };
