import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor } from 'storybook/test';
import { Avatar } from '../Avatar';
import { Button } from '../Button';
import { Card } from '../Card';
import { Drawer } from '../Drawer';
import { sampleItems } from '../Drawer/sampleItems';
import { EmptyState } from '../EmptyState';
import { Heading } from '../Heading';
import { IconMenu, IconPlus, IconUsers } from '../Icon';
import { IconButton } from '../IconButton';
import { Menu } from '../Menu';
import { Stack } from '../Stack';
import { TopBar } from '../TopBar';
import { AppShell } from './AppShell';

function Shell({ initialOpen = true }: { initialOpen?: boolean }) {
  const [isOpen, setOpen] = useState(initialOpen);
  return (
    <AppShell
      drawer={<Drawer items={sampleItems} currentHref="/clients" isOpen={isOpen} onOpenChange={setOpen} />}
      header={
        <TopBar
          start={
            <IconButton
              aria-label={isOpen ? 'Recolher menu' : 'Expandir menu'}
              aria-expanded={isOpen}
              icon={<IconMenu />}
              onPress={() => setOpen(!isOpen)}
            />
          }
          end={
            <Menu
              label="Ana Souza"
              trigger={<Avatar name="Ana Souza" size="sm" isDecorative />}
              items={[
                { id: 'profile', label: 'Meu perfil' },
                { id: 'logout', label: 'Sair' },
              ]}
            />
          }
        />
      }
    >
      <Stack gap={5}>
        <Stack direction="row" justify="space-between" align="center" wrap>
          <Heading level={1} size={2}>
            Clientes
          </Heading>
          <Button>
            <IconPlus size={18} /> Novo cliente
          </Button>
        </Stack>
        <Card>
          <EmptyState
            icon={<IconUsers size={28} />}
            title="Nenhum cliente ainda"
            description="Cadastre seu primeiro cliente para começar."
          />
        </Card>
      </Stack>
    </AppShell>
  );
}

const meta = {
  title: 'Páginas/AppShell',
  component: AppShell,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { drawer: null, header: null, children: null },
  render: () => <Shell />,
} satisfies Meta<typeof AppShell>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('navigation', { name: 'Navegação principal' })).toBeInTheDocument();
    await expect(canvas.getByRole('banner')).toBeInTheDocument();
    await expect(canvas.getByRole('main')).toContainElement(
      canvas.getByRole('heading', { level: 1, name: 'Clientes' }),
    );
    // The first Tab reaches the skip link.
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Pular para o conteúdo' })).toHaveFocus();
  },
};

export const DrawerClosed: Story = {
  render: () => <Shell initialOpen={false} />,
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Navegação principal' });
    await expect(nav.getBoundingClientRect().width).toBeLessThan(80);
    await userEvent.click(canvas.getByRole('button', { name: 'Expandir menu' }));
    await waitFor(() => expect(nav.getBoundingClientRect().width).toBeGreaterThan(200));
  },
};

export const Dark: Story = { globals: { colorMode: 'dark' } };
