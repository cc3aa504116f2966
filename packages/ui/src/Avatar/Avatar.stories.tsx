import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Stack } from '../Stack';
import { Avatar, initials } from './Avatar';

const photo =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#93C5FD"/><circle cx="32" cy="26" r="12" fill="#1E40AF"/><rect x="12" y="42" width="40" height="22" rx="11" fill="#1E40AF"/></svg>',
  );

const meta = {
  title: 'Base/Avatar',
  component: Avatar,
  tags: ['autodocs'],
  args: { name: 'Ana Maria Souza' },
} satisfies Meta<typeof Avatar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const avatar = canvas.getByRole('img', { name: 'Ana Maria Souza' });
    await expect(avatar).toHaveTextContent('AS');
    await expect(initials('joão')).toBe('J');
  },
};

export const WithPhoto: Story = {
  args: { src: photo },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Ana Maria Souza' }).tagName).toBe('IMG');
  },
};

/** A broken photo falls back to the initials. */
export const BrokenPhoto: Story = {
  args: { src: '/nao-existe.png' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('AS')).toBeInTheDocument();
  },
};

export const Sizes: Story = {
  render: (args) => (
    <Stack direction="row" gap={3} align="center">
      <Avatar {...args} size="sm" />
      <Avatar {...args} size="md" />
      <Avatar {...args} size="lg" />
    </Stack>
  ),
};

export const Dark: Story = { globals: { colorMode: 'dark' } };
