import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Breadcrumb, Breadcrumbs } from './Breadcrumbs';

const meta = {
  title: 'Navegação/Breadcrumbs',
  component: Breadcrumbs,
  tags: ['autodocs'],
  args: { onAction: fn() },
  render: (args) => (
    <Breadcrumbs {...args}>
      <Breadcrumb id="inicio">Início</Breadcrumb>
      <Breadcrumb id="clientes">Clientes</Breadcrumb>
      <Breadcrumb id="maria">Maria Oliveira</Breadcrumb>
    </Breadcrumbs>
  ),
} satisfies Meta<typeof Breadcrumbs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('navigation', { name: 'Trilha de navegação' })).toBeInTheDocument();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(3);
    const current = canvas.getByText('Maria Oliveira');
    await expect(current).toHaveAttribute('aria-current', 'page');
    const clientes = canvas.getByRole('link', { name: 'Clientes' });
    await userEvent.click(clientes);
    await expect(args.onAction).toHaveBeenCalledWith('clientes');
    // Keyboard: Tab reaches the links, Enter follows them.
    await userEvent.tab({ shift: true });
    await expect(canvas.getByRole('link', { name: 'Início' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onAction).toHaveBeenLastCalledWith('inicio');
  },
};

export const WithHrefs: Story = {
  render: (args) => (
    <Breadcrumbs {...args}>
      <Breadcrumb href="/inicio">Início</Breadcrumb>
      <Breadcrumb href="/clientes">Clientes</Breadcrumb>
      <Breadcrumb>Maria Oliveira</Breadcrumb>
    </Breadcrumbs>
  ),
  play: async ({ canvas }) => {
    // Real links (the app's RouterProvider handles them client-side).
    await expect(canvas.getByRole('link', { name: 'Clientes' })).toHaveAttribute('href', '/clientes');
    await expect(canvas.getByText('Maria Oliveira')).toHaveAttribute('aria-current', 'page');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Clientes' })).toHaveAttribute('aria-disabled', 'true');
  },
};

export const Dark: Story = { globals: { colorMode: 'dark' } };
