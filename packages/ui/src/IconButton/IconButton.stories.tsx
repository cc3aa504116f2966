import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { IconBell, IconClose, IconPlus, IconSettings } from '../Icon';
import { Stack } from '../Stack';
import { IconButton } from './IconButton';

const meta = {
  title: 'Ações/IconButton',
  component: IconButton,
  tags: ['autodocs'],
  args: { 'aria-label': 'Notificações', icon: <IconBell />, onPress: fn() },
} satisfies Meta<typeof IconButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Notificações' });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(args.onPress).toHaveBeenCalledTimes(1);
  },
};

export const Variants: Story = {
  render: (args) => (
    <Stack direction="row" gap={2}>
      <IconButton {...args} variant="primary" aria-label="Adicionar" icon={<IconPlus />} />
      <IconButton {...args} variant="secondary" aria-label="Configurações" icon={<IconSettings />} />
      <IconButton {...args} variant="ghost" aria-label="Notificações" icon={<IconBell />} />
      <IconButton {...args} variant="danger" aria-label="Remover" icon={<IconClose />} />
    </Stack>
  ),
  play: async ({ canvas }) => {
    for (const name of ['Adicionar', 'Configurações', 'Notificações', 'Remover']) {
      await expect(canvas.getByRole('button', { name })).toBeInTheDocument();
    }
  },
};

export const Sizes: Story = {
  render: (args) => (
    <Stack direction="row" gap={2} align="center">
      <IconButton {...args} size="sm" />
      <IconButton {...args} size="md" />
      <IconButton {...args} size="lg" />
    </Stack>
  ),
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Notificações' })).toBeDisabled();
  },
};

export const Pending: Story = {
  args: { isPending: true, variant: 'secondary' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Notificações/ })).toHaveAttribute('aria-disabled', 'true');
  },
};

export const Dark: Story = { globals: { colorMode: 'dark' }, args: { variant: 'secondary' } };
