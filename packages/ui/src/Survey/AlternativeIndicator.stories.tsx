import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AlternativeIndicator } from './AlternativeIndicator';

/** The mark inside an alternative card; decorative, so hidden from screen readers (the card is the control). */
const meta = {
  title: 'Questionário/AlternativeIndicator',
  component: AlternativeIndicator,
  tags: ['autodocs'],
  args: { shape: 'circle' },
} satisfies Meta<typeof AlternativeIndicator>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const mark = canvasElement.querySelector('.alt-indicator');
    await expect(mark).toHaveAttribute('aria-hidden', 'true');
    await expect(mark).toHaveAttribute('data-shape', 'circle');
    await expect(within(canvasElement).queryByRole('img')).toBeNull();
  },
};

export const Box: Story = {
  args: { shape: 'box' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.alt-indicator')).toHaveAttribute('data-shape', 'box');
  },
};
