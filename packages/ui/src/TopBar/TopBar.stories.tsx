import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Avatar } from '../Avatar';
import { IconBell, IconMenu } from '../Icon';
import { IconButton } from '../IconButton';
import { Menu } from '../Menu';
import { TopBar } from './TopBar';

const meta = {
  title: 'Navegação/TopBar',
  component: TopBar,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    title: 'Clientes',
    start: <IconButton aria-label="Recolher menu" aria-expanded icon={<IconMenu />} />,
    end: (
      <>
        <IconButton aria-label="Notificações" icon={<IconBell />} />
        <Menu
          label="Ana Souza"
          trigger={<Avatar name="Ana Souza" size="sm" isDecorative />}
          items={[{ id: 'logout', label: 'Sair' }]}
        />
      </>
    ),
  },
} satisfies Meta<typeof TopBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const banner = canvas.getByRole('banner');
    await expect(banner).toHaveTextContent('Clientes');
    await expect(canvas.getByRole('button', { name: 'Recolher menu' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Ana Souza' })).toBeInTheDocument();
  },
};

export const WithoutTitle: Story = { args: { title: undefined } };
export const Dark: Story = { globals: { colorMode: 'dark' } };
