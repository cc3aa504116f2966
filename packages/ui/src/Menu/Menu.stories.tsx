import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { Avatar } from '../Avatar';
import { IconLogout, IconUser } from '../Icon';
import { Menu, MenuItem } from './Menu';

const meta = {
  title: 'Overlays/Menu',
  component: Menu,
  tags: ['autodocs'],
  parameters: { docs: { story: { inline: false, iframeHeight: 240 } } },
  args: {
    label: 'Ana Souza',
    trigger: <Avatar name="Ana Souza" size="sm" isDecorative />,
    items: [
      { id: 'profile', label: 'Meu perfil', icon: <IconUser size={18} /> },
      { id: 'logout', label: 'Sair', icon: <IconLogout size={18} /> },
    ],
    onAction: fn(),
  },
  decorators: [
    (Story) => (
      <div css={{ display: 'flex', justifyContent: 'flex-end', width: 320 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Menu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Ana Souza' }));
    const menu = await screen.findByRole('menu', { name: 'Ana Souza' });
    await expect(menu).toBeVisible();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sair' }));
    await expect(args.onAction).toHaveBeenCalledWith('logout');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  },
};

export const Keyboard: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Ana Souza' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menu');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Meu perfil' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onAction).toHaveBeenCalledWith('logout');
  },
};

export const DefaultTrigger: Story = {
  args: {
    label: 'Ações do cliente',
    trigger: undefined,
    items: [
      { id: 'edit', label: 'Editar' },
      { id: 'inactivate', label: 'Inativar' },
      { id: 'delete', label: 'Excluir', isDanger: true },
    ],
  },
};

export const WithChildren: Story = {
  args: { items: undefined, label: 'Mais opções', trigger: undefined },
  render: (args) => (
    <Menu {...args}>
      <MenuItem id="duplicate">Duplicar questionário</MenuItem>
      <MenuItem id="disable" isDanger>
        Desativar
      </MenuItem>
    </Menu>
  ),
};

export const Dark: Story = {
  globals: { colorMode: 'dark' },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Ana Souza' }));
    await screen.findByRole('menu');
  },
};
