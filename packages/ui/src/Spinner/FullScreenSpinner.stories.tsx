import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { FullScreenSpinner } from './FullScreenSpinner';

const meta = {
  title: 'Feedback/FullScreenSpinner',
  component: FullScreenSpinner,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 320 } } },
} satisfies Meta<typeof FullScreenSpinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const status = canvas.getByRole('status', { name: 'Carregando…' });
    const box = status.getBoundingClientRect();
    // Covers the whole viewport.
    await expect(box.width).toBe(window.innerWidth);
    await expect(box.height).toBe(window.innerHeight);
  },
};

export const Dark: Story = { globals: { colorMode: 'dark' } };
