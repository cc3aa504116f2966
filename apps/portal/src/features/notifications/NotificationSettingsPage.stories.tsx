import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { errorHandler, notificationsHandlerList, resetNotificationsState } from '@acompanha/api-client/mocks';
import { NotificationSettingsPage } from './NotificationSettingsPage';
import { PortalScreen, resetPortal } from '../../storybook/PortalScreen';

const meta = {
  title: 'Screens/Notifications/Settings',
  component: NotificationSettingsPage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', msw: { handlers: notificationsHandlerList } },
  beforeEach: () => {
    resetPortal({ signedIn: true });
    resetNotificationsState();
  },
  render: () => <PortalScreen path="/notifications/settings" />,
} satisfies Meta<typeof NotificationSettingsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every type, grouped, with its three channels; security notices cannot be muted. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Configurar notificações' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Agendamentos e envios' })).toBeVisible();
    await expect(canvas.getByRole('switch', { name: 'Questionário respondido: No portal' })).toBeChecked();
    await expect(canvas.getByRole('switch', { name: 'Questionário respondido: E-mail' })).not.toBeChecked();
    await expect(canvas.getByRole('switch', { name: 'Senha alterada: E-mail' })).toBeDisabled();
    await expect(canvas.getByRole('switch', { name: 'Senha alterada: WhatsApp' })).toBeEnabled();
    await expect(canvas.getByText('Aviso obrigatório: sempre enviado no portal e por e-mail.')).toBeVisible();
  },
};

/** A channel switched on is saved at once. */
export const ToggleAChannel: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const email = await canvas.findByRole('switch', { name: 'Questionário respondido: E-mail' });
    await userEvent.click(email);
    await expect(await within(document.body).findByText('“Questionário respondido”: preferência salva.')).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('switch', { name: 'Questionário respondido: E-mail' })).toBeChecked());
  },
};

/** One type's page: channels and quiet hours (São Paulo time), saved together. */
export const QuietHours: Story = {
  render: () => <PortalScreen path="/notifications/settings/answer_request.failed" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Falha no envio' })).toBeVisible();
    await expect(canvas.getByRole('switch', { name: 'E-mail' })).toBeChecked();
    await userEvent.click(canvas.getByRole('switch', { name: 'WhatsApp' }));
    await userEvent.click(canvas.getByRole('switch', { name: 'Usar horário de silêncio' }));
    await expect(canvas.getByRole('group', { name: 'Início' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Salvar preferência' }));
    await expect(await within(document.body).findByText('Preferência salva.')).toBeVisible();
    await userEvent.click(canvas.getByRole('link', { name: 'Voltar' }));
    await expect(await canvas.findByRole('link', { name: 'Silêncio das 22:00 às 07:00' })).toBeVisible();
    await expect(canvas.getByRole('switch', { name: 'Falha no envio: WhatsApp' })).toBeChecked();
  },
};

/** A type that does not exist says so. */
export const UnknownType: Story = {
  render: () => <PortalScreen path="/notifications/settings/nao.existe" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'Não encontramos este tipo de notificação' }),
    ).toBeVisible();
  },
};

/** Saving fails: the catalogue's sentence, and the switch goes back. */
export const SaveFails: Story = {
  parameters: {
    msw: {
      handlers: [
        errorHandler('put', '/notifications/settings/:notificationId', 'INTERNAL_ERROR'),
        ...notificationsHandlerList,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('switch', { name: 'Resposta atrasada: E-mail' }));
    await expect(await within(document.body).findByText(/Ops, houve um erro inesperado/)).toBeVisible();
    await expect(canvas.getByRole('switch', { name: 'Resposta atrasada: E-mail' })).not.toBeChecked();
  },
};
