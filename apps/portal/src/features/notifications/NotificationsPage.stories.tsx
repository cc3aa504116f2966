import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  errorHandler,
  notificationsHandlerList,
  pushNotification,
  resetNotificationsState,
} from '@acompanha/api-client/mocks';
import { NotificationsPage } from './NotificationsPage';
import { PortalScreen, resetPortal } from '../../storybook/PortalScreen';

const meta = {
  title: 'Screens/Notifications/Centre',
  component: NotificationsPage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', msw: { handlers: notificationsHandlerList } },
  beforeEach: () => {
    resetPortal({ signedIn: true, unreadNotifications: 'fetch' });
    resetNotificationsState();
  },
  render: () => <PortalScreen path="/notifications/managing" />,
} satisfies Meta<typeof NotificationsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const list = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole('list', { name: 'Notificações' }));

/** The inbox, newest first: unread ones marked, each with when it happened; the bell and the drawer count them. */
export const Inbox: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
    const items = await list(canvasElement);
    await expect(items.getAllByRole('listitem')).toHaveLength(3);
    await expect(
      items.getByRole('link', { name: 'Mariana Souza respondeu “Acompanhamento semanal” (não lida)' }),
    ).toBeVisible();
    await expect(items.getByText('há 4 min')).toBeVisible();
    await expect(canvas.getByRole('tab', { name: 'Caixa de entrada' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Notificações, 2 não lidas' })).toBeVisible());
    await expect(canvas.getByRole('link', { name: 'Notificações 2 não lidas' })).toBeVisible();
  },
};

/** Marking one read and another archived; "Marcar todas como lidas" clears the count everywhere. */
export const MarkReadArchiveAndReadAll: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const items = await list(canvasElement);
    const first = items.getAllByRole('listitem')[0]!;
    await userEvent.click(within(first).getByRole('button', { name: 'Marcar como lida' }));
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Notificações, 1 não lida' })).toBeVisible());
    await expect(await within(first).findByRole('button', { name: 'Marcar como não lida' })).toBeVisible();

    const third = items.getAllByRole('listitem')[2]!;
    await userEvent.click(within(third).getByRole('button', { name: 'Arquivar' }));
    await waitFor(() => expect(items.getAllByRole('listitem')).toHaveLength(2));
    await userEvent.click(canvas.getByRole('tab', { name: 'Arquivadas' }));
    const archived = await list(canvasElement);
    await waitFor(() => expect(archived.getAllByRole('listitem')).toHaveLength(2));
    await userEvent.click(canvas.getByRole('tab', { name: 'Caixa de entrada' }));

    await userEvent.click(canvas.getByRole('button', { name: 'Marcar todas como lidas' }));
    await expect(await within(document.body).findByText('1 notificação marcada como lida.')).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Notificações' })).toBeVisible());
    await expect(canvas.getByRole('button', { name: 'Marcar todas como lidas' })).toBeDisabled();
  },
};

/** Only the unread ones; with none left, the empty state says so. */
export const UnreadOnly: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await list(canvasElement);
    await userEvent.click(canvas.getByRole('switch', { name: 'Mostrar apenas não lidas' }));
    const items = await list(canvasElement);
    await waitFor(() => expect(items.getAllByRole('listitem')).toHaveLength(2));
    await userEvent.click(canvas.getByRole('button', { name: 'Marcar todas como lidas' }));
    await expect(await canvas.findByRole('heading', { name: 'Nenhuma notificação não lida' })).toBeVisible();
  },
};

/** Opening one marks it read and goes to its screen. */
export const OpensItsScreen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    pushNotification({
      type: 'account.password_changed',
      title: 'Sua senha foi alterada',
      body: 'Se não foi você, use “Esqueci minha senha” agora e fale com o suporte.',
      link: '/notifications/settings',
    });
    const items = await list(canvasElement);
    await userEvent.click(await items.findByRole('link', { name: 'Sua senha foi alterada (não lida)' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Configurar notificações' })).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Notificações, 2 não lidas' })).toBeVisible());
  },
};

export const Empty: Story = {
  beforeEach: () => resetNotificationsState([]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Nenhuma notificação por enquanto' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Marcar todas como lidas' })).toBeDisabled();
  },
};

/** A failing mark: the central toast says so and nothing changes. */
export const MarkFails: Story = {
  parameters: {
    msw: { handlers: [errorHandler('patch', '/notifications/:id', 'INTERNAL_ERROR'), ...notificationsHandlerList] },
  },
  play: async ({ canvasElement }) => {
    const items = await list(canvasElement);
    const first = items.getAllByRole('listitem')[0]!;
    await userEvent.click(within(first).getByRole('button', { name: 'Marcar como lida' }));
    await expect(await within(document.body).findByText(/Ops, houve um erro inesperado/)).toBeVisible();
    await expect(within(first).getByRole('button', { name: 'Marcar como lida' })).toBeVisible();
  },
};
