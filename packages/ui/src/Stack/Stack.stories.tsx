import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Stack } from './Stack';

function Box({ label }: { label: string }) {
  return (
    <div
      css={{
        padding: 'var(--space-3) var(--space-4)',
        background: 'var(--color-info-surface)',
        color: 'var(--color-text)',
        borderRadius: 'var(--radius-md)',
      }}
    >
      {label}
    </div>
  );
}

const meta = {
  title: 'Layout/Stack',
  component: Stack,
  tags: ['autodocs'],
  args: {
    gap: 3,
    children: [<Box key="1" label="Um" />, <Box key="2" label="Dois" />, <Box key="3" label="Três" />],
  },
  argTypes: { gap: { control: { type: 'range', min: 0, max: 8 } } },
} satisfies Meta<typeof Stack>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const stack = canvas.getByText('Um').parentElement!;
    await expect(getComputedStyle(stack).flexDirection).toBe('column');
    await expect(getComputedStyle(stack).rowGap).toBe('12px');
  },
};

export const Row: Story = {
  args: { direction: 'row', align: 'center', gap: 2 },
  play: async ({ canvas }) => {
    const stack = canvas.getByText('Um').parentElement!;
    await expect(getComputedStyle(stack).flexDirection).toBe('row');
  },
};

export const SpaceBetween: Story = { args: { direction: 'row', justify: 'space-between' } };
export const Wrap: Story = {
  args: {
    direction: 'row',
    wrap: true,
    children: Array.from({ length: 12 }, (_, i) => <Box key={i} label={`Etiqueta ${i + 1}`} />),
  },
};
