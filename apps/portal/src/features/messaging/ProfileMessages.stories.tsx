import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  answersHandlerList,
  messagingHandlerList,
  messagingHandlers,
  practiceHandlerList,
  practicePatientFixture,
  resetAnswersState,
  resetMessagingState,
  resetPracticeState,
  resetSchedulingState,
  schedulingHandlerList,
} from '@acompanha/api-client/mocks';
import { toastQueue } from '@acompanha/ui';
import { MessagesPanel } from '../clients-profile/panels';
import { MessagingScreen, messagingRouter } from './MessagingScreen';
import { resetPortal } from '../../storybook/PortalScreen';

const meta = {
  title: 'Screens/Clients/Messaging/Profile thread',
  component: MessagesPanel,
  tags: ['autodocs'],
  args: { patient: practicePatientFixture },
  parameters: {
    layout: 'fullscreen',
    msw: {
      handlers: [
        messagingHandlers.chatHistory,
        ...practiceHandlerList,
        ...schedulingHandlerList,
        ...answersHandlerList,
        ...messagingHandlerList,
      ],
    },
  },
  beforeEach: () => {
    resetPortal({ signedIn: true });
    resetPracticeState();
    resetSchedulingState();
    resetAnswersState();
    resetMessagingState();
    for (const toast of toastQueue.visibleToasts) toastQueue.close(toast.key);
  },
  render: () => <MessagingScreen path={`/clients/profile/${practicePatientFixture.id}`} />,
} satisfies Meta<typeof MessagesPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Her thread, oldest first: a failure with its sentence, a message read, and her WhatsApp reply; then "Enviar mensagem". */
export const ThreadWithReply: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('tab', { name: 'Mensagens' }));
    const thread = within(await canvas.findByRole('list', { name: 'Conversa com Mariana Souza' }));
    const [failed, read, reply] = thread.getAllByRole('listitem');
    await expect(failed).toHaveAccessibleName('Mensagem enviada');
    await expect(within(failed!).getByText('Falhou')).toBeVisible();
    await expect(within(failed!).getByText('O servidor de e-mail recusou o endereço.')).toBeVisible();
    await expect(within(read!).getByText('Lida')).toBeVisible();
    await expect(reply).toHaveAccessibleName('Resposta do cliente');
    await expect(within(reply!).getByText('Obrigada, Ana! Vou sim, até sexta.')).toBeVisible();
    await expect(within(reply!).getByText(/Resposta pelo WhatsApp/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Enviar mensagem' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Mensagens' })).toBeVisible();
    await expect(messagingRouter?.state.location.pathname).toBe('/clients/messaging');
    await expect(canvas.getByRole('radio', { name: /1 cliente selecionado/ })).toBeChecked();
    await waitFor(() => expect(canvas.getByText('Mariana Souza')).toBeVisible());
  },
};
