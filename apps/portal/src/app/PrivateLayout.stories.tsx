import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { accessHandlers, accountHandlers, schedulingHandlers } from '@acompanha/api-client/mocks';
import { PrivateLayout } from './PrivateLayout';
import { PortalScreen, resetPortal } from '../storybook/PortalScreen';
import { store } from './store';

const meta = {
  title: 'Screens/Shell/PrivateLayout',
  component: PrivateLayout,
  tags: ['autodocs'],
  // The layout is shown around /profile, which also reads the template message.
  parameters: {
    layout: 'fullscreen',
    msw: {
      handlers: [
        accountHandlers.getMe,
        accountHandlers.logout,
        schedulingHandlers.getTemplate,
        accessHandlers.activity,
      ],
    },
  },
  beforeEach: () => resetPortal({ signedIn: true }),
  render: () => <PortalScreen path="/profile" />,
} satisfies Meta<typeof PrivateLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

export const DrawerOpen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = await canvas.findByRole('navigation', { name: 'Navegação principal' });
    await expect(within(nav).getByRole('link', { name: /Meu perfil/ })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('button', { name: 'Recolher menu' })).toHaveAttribute('aria-expanded', 'true');
  },
};

export const DrawerCollapsed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Recolher menu' }));
    await expect(canvas.getByRole('button', { name: 'Expandir menu' })).toHaveAttribute('aria-expanded', 'false');
    // the choice is persisted
    await expect(store.getState().drawerOpen).toBe(false);
  },
};

export const SignOut: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /Ana Souza/ }));
    await userEvent.click(await within(document.body).findByRole('menuitem', { name: 'Sair' }));
    await expect(await canvas.findByRole('heading', { name: 'Entrar' })).toBeVisible();
    await waitFor(() => expect(store.getState().session).toEqual({ jwt: null, professional: null, signature: null }));
  },
};
