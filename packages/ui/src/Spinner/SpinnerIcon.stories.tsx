import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Stack } from '../Stack';
import { SpinnerIcon } from './SpinnerIcon';

const meta = {
  title: 'Feedback/SpinnerIcon',
  component: SpinnerIcon,
  tags: ['autodocs'],
} satisfies Meta<typeof SpinnerIcon>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Decorative: hidden from assistive technology, so it never stands in for a `Spinner`'s announcement. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const svg = canvasElement.querySelector('svg')!;
    await expect(svg).toHaveAttribute('aria-hidden', 'true');
    await expect(svg).toHaveAttribute('width', '20');
  },
};

export const Sizes: Story = {
  render: () => (
    <Stack direction="row" gap={4} align="center">
      <SpinnerIcon size={16} />
      <SpinnerIcon size={24} />
      <SpinnerIcon size={40} />
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const sizes = [...canvasElement.querySelectorAll('svg')].map((s) => s.getAttribute('width'));
    await expect(sizes).toEqual(['16', '24', '40']);
  },
};

export const Dark: Story = { globals: { colorMode: 'dark' } };
