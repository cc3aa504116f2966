import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { RouterProvider } from 'react-aria-components';
import { Text } from '../Text';
import { Link } from './Link';

const meta = {
  title: 'Ações/Link',
  component: Link,
  tags: ['autodocs'],
  args: { href: '/auth/registration', children: 'Criar conta' },
} satisfies Meta<typeof Link>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: (args) => (
    <Text>
      Ainda não tem conta? <Link {...args} />
    </Text>
  ),
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'Criar conta' });
    await expect(link).toHaveAttribute('href', '/auth/registration');
  },
};

export const Standalone: Story = {
  args: { variant: 'standalone', children: 'Esqueci minha senha', href: '/recovery' },
};

/** Inside RAC's RouterProvider the link navigates with the app router instead of reloading. */
export const ClientSideNavigation: Story = {
  render: (args) => {
    const navigate = (path: string) => {
      document.getElementById('destino')!.textContent = `Navegou para ${path}`;
    };
    return (
      <RouterProvider navigate={navigate}>
        <Text>
          <Link {...args} />
        </Text>
        <Text id="destino" aria-live="polite" />
      </RouterProvider>
    );
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('link', { name: 'Criar conta' }));
    await expect(await canvas.findByText('Navegou para /auth/registration')).toBeInTheDocument();
  },
};

export const Disabled: Story = { args: { isDisabled: true } };
export const Dark: Story = { globals: { colorMode: 'dark' }, render: Default.render };
