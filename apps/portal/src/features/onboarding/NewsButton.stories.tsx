import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  accessHandlers,
  accountHandlers,
  allSubscriptionHandlers,
  schedulingHandlers,
} from '@acompanha/api-client/mocks';
import { NewsButton } from './NewsButton';
import { NEWS } from './news';
import { PortalScreen, resetPortal } from '../../storybook/PortalScreen';
import { store } from '../../app/store';

const body = () => within(document.body);

const meta = {
  title: 'Screens/Onboarding/News',
  component: NewsButton,
  tags: ['autodocs'],
  // In the top bar of the private layout, around /profile.
  parameters: {
    layout: 'fullscreen',
    msw: {
      handlers: [
        accountHandlers.getMe,
        accountHandlers.logout,
        schedulingHandlers.getTemplate,
        accessHandlers.activity,
        ...allSubscriptionHandlers,
      ],
    },
  },
  beforeEach: () => resetPortal({ signedIn: true }),
  render: () => <PortalScreen path="/profile" />,
} satisfies Meta<typeof NewsButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Unseen: Story = {
  name: 'A dot until she opens it',
  play: async () => {
    const button = await body().findByRole('button', { name: 'Novidades: há itens novos' });
    await expect(body().getByTestId('news-dot')).toBeVisible();
    await userEvent.click(button);
    const dialog = within(await body().findByRole('dialog', { name: 'Novidades' }));
    const items = dialog.getAllByRole('listitem');
    await expect(items).toHaveLength(NEWS.length);
    await expect(within(items[0]!).getByRole('heading', { name: 'Webhooks de eventos' })).toBeVisible();
    await expect(within(items[0]!).getByText('20/11/2026')).toBeVisible();
    await expect(store.getState().newsSeen).toBe(true);
    await userEvent.click(dialog.getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await expect(body().queryByTestId('news-dot')).toBeNull();
    await expect(body().getByRole('button', { name: 'Novidades' })).toHaveFocus();
  },
};

export const Seen: Story = {
  beforeEach: () => {
    resetPortal({ signedIn: true });
    store.setNewsSeen(true);
  },
  play: async () => {
    await expect(await body().findByRole('button', { name: 'Novidades' })).toBeVisible();
    await expect(body().queryByTestId('news-dot')).toBeNull();
  },
};

export const StaysSeenAfterSignOut: Story = {
  name: 'The flag outlives a sign-out (it is the device’s)',
  beforeEach: () => {
    resetPortal({ signedIn: true });
    store.setNewsSeen(true);
  },
  play: async () => {
    await userEvent.click(await body().findByRole('button', { name: /Ana Souza/ }));
    await userEvent.click(await body().findByRole('menuitem', { name: 'Sair' }));
    await body().findByRole('heading', { name: 'Entrar' });
    await expect(store.getState().newsSeen).toBe(true);
  },
};
