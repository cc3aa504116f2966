import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Brand } from './Brand';

const meta = {
  title: 'Base/Brand',
  component: Brand,
  tags: ['autodocs'],
} satisfies Meta<typeof Brand>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Acompanha')).toBeVisible();
  },
};

export const Compact: Story = {
  args: { isCompact: true },
  play: async ({ canvas }) => {
    // The name is still read by screen readers.
    await expect(canvas.getByText('Acompanha')).toBeInTheDocument();
  },
};

export const Dark: Story = { globals: { colorMode: 'dark' } };
