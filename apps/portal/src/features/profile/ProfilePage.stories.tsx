import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  accessHandlers,
  accountHandlers,
  allSubscriptionHandlers,
  dataExportHandlerList,
  resetDataExportState,
  errorHandler,
  pendingHandler,
  resetSchedulingState,
  schedulingHandlers,
} from '@acompanha/api-client/mocks';
import { toastQueue } from '@acompanha/ui';
import { ProfilePage } from './ProfilePage';
import { PortalScreen, resetPortal } from '../../storybook/PortalScreen';
import { store } from '../../app/store';

const profileHandlers = [
  schedulingHandlers.getTemplate,
  schedulingHandlers.updateTemplate,
  accountHandlers.getMe,
  accountHandlers.updateMe,
  accountHandlers.changePassword,
  accountHandlers.logout,
  accessHandlers.activity,
  ...allSubscriptionHandlers,
  ...dataExportHandlerList,
];

const meta = {
  title: 'Screens/Profile',
  component: ProfilePage,
  tags: ['autodocs'],
  parameters: {
    layout: 'fullscreen',
    msw: { handlers: profileHandlers },
  },
  beforeEach: () => {
    resetPortal({ signedIn: true });
    resetSchedulingState();
    resetDataExportState();
    for (const toast of toastQueue.visibleToasts) toastQueue.close(toast.key);
  },
  render: () => <PortalScreen path="/profile" />,
} satisfies Meta<typeof ProfilePage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Meu perfil' })).toBeVisible();
    await expect(canvas.getByLabelText('Nome completo')).toHaveValue('Ana Souza');
    await expect(canvas.getByLabelText('Telefone (WhatsApp)')).toHaveValue('(11) 91234-5678');
    await expect(canvas.getByLabelText('CPF ou CNPJ')).toHaveValue('529.982.247-25');
    await expect(await canvas.findByText(/^Ativa — próxima cobrança em \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [schedulingHandlers.getTemplate, pendingHandler('get', '/professional/me')] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toBeVisible();
  },
};

export const Saved: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = await canvas.findByLabelText('Nome completo');
    await userEvent.clear(name);
    await userEvent.type(name, 'Ana Souza Lima');
    await userEvent.click(canvas.getByRole('button', { name: 'Salvar alterações' }));
    await expect(await within(document.body).findByText('Perfil atualizado.')).toBeVisible();
    await waitFor(() => expect(store.getState().session.professional?.name).toBe('Ana Souza Lima'));
  },
};

export const InvalidDocument: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const doc = await canvas.findByLabelText('CPF ou CNPJ');
    await userEvent.clear(doc);
    await userEvent.type(doc, '11111111111');
    await userEvent.tab();
    await expect(await canvas.findByText(/CPF inválido/)).toBeVisible();
  },
};

export const ServerValidation: Story = {
  parameters: {
    msw: {
      handlers: [
        schedulingHandlers.getTemplate,
        accountHandlers.getMe,
        ...allSubscriptionHandlers,
        errorHandler('put', '/professional/me', 'WRONG_COMMAND_PARAMETERS', [
          { path: ['phone'], message: 'Telefone inválido.' },
        ]),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Salvar alterações' }));
    await expect(await canvas.findByText('Telefone inválido.')).toBeVisible();
  },
};

export const WrongCurrentPassword: Story = {
  parameters: {
    msw: {
      handlers: [
        schedulingHandlers.getTemplate,
        accountHandlers.getMe,
        ...allSubscriptionHandlers,
        errorHandler('put', '/professional/me/password', 'WRONG_COMMAND_PARAMETERS', [
          { path: ['currentPassword'], message: 'wrong' },
        ]),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('Senha atual', { selector: 'input' }), 'errada-123');
    await userEvent.type(canvas.getByLabelText('Nova senha', { selector: 'input', exact: true }), 'senha-nova-123');
    await userEvent.type(canvas.getByLabelText('Confirme a nova senha', { selector: 'input' }), 'senha-nova-123');
    await userEvent.click(canvas.getByRole('button', { name: 'Alterar senha' }));
    await expect(await canvas.findByText('A senha atual está incorreta.')).toBeVisible();
  },
};

export const SessionExpired: Story = {
  parameters: {
    msw: { handlers: [schedulingHandlers.getTemplate, errorHandler('get', '/professional/me', 'INVALID_JWT')] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Sua sessão expirou. Entre novamente para continuar.')).toBeVisible();
    await expect(store.getState().session.jwt).toBeNull();
  },
};

export const ServerError: Story = {
  parameters: {
    msw: { handlers: [schedulingHandlers.getTemplate, errorHandler('get', '/professional/me', 'INTERNAL_ERROR')] },
  },
  play: async ({ canvasElement }) => {
    // 5xx answers are retried twice (with backoff) before the error screen shows
    await expect(
      await within(canvasElement).findByText('Unexpected Application Error!', {}, { timeout: 8000 }),
    ).toBeVisible();
  },
};

/** The template message: variables inserted with a press, a live preview, saved. */
export const TemplateMessage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const message = await canvas.findByRole('textbox', { name: 'Mensagem' });
    await expect(canvas.getByText('Você está usando a mensagem padrão.')).toBeVisible();
    await expect(canvas.getByTestId('template-preview')).toHaveTextContent(
      'Olá, Mariana! Ana Souza enviou o questionário "Acompanhamento semanal".',
    );
    await userEvent.clear(message);
    await userEvent.type(message, 'Oi, {{{{paciente}}! Responda: ');
    await userEvent.click(canvas.getByRole('button', { name: /Inserir \{\{link\}\}/ }));
    await userEvent.type(message, ' PIN ');
    await userEvent.click(canvas.getByRole('button', { name: /Inserir \{\{pin\}\}/ }));
    await expect(message).toHaveValue('Oi, {{paciente}}! Responda: {{link}} PIN {{pin}}');
    await expect(canvas.getByTestId('template-preview')).toHaveTextContent(
      /^Oi, Mariana! Responda: http.*\/quiz-survey\/… PIN 482913$/,
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Salvar mensagem' }));
    await expect(await within(document.body).findByText('Mensagem de envio salva.')).toBeVisible();
    await expect(await canvas.findByRole('button', { name: 'Restaurar padrão' })).toBeVisible();
  },
};

/** An unknown variable or a missing {{pin}} is said under the field before anything is sent. */
export const TemplateMessageInvalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const message = await canvas.findByRole('textbox', { name: 'Mensagem' });
    await userEvent.clear(message);
    await userEvent.type(message, 'Olá {{{{nome}}, responda em {{{{link}}');
    await userEvent.click(canvas.getByRole('button', { name: 'Salvar mensagem' }));
    await expect(await canvas.findByText('Variável desconhecida: {{nome}}.')).toBeVisible();
    await userEvent.clear(message);
    await userEvent.type(message, 'Responda em {{{{link}}');
    await userEvent.tab();
    await expect(await canvas.findByText(/A mensagem precisa conter \{\{pin\}\}/)).toBeVisible();
  },
};

/** 'Atividade da conta': her sign-ins (a new network stands out), password changes, exports and webhooks, paged. */
export const AccountActivity: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('grid', { name: 'Atividade da conta' });
    // A header and six entries, newest first.
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(7));
    await expect(within(table).getByText('Entrada de uma rede nova')).toBeVisible();
    await expect(within(table).getByText('2804:14c:65::/48')).toBeVisible();
    await expect(within(table).getByText('Segredo de webhook trocado')).toBeVisible();
    await expect(within(table).getByText('Senha alterada')).toBeVisible();
    await expect(within(table).getByText('Exportação de dados pedida')).toBeVisible();
  },
};

/** A brand-new account has no activity but her first sign-in; an empty list says so. */
export const AccountActivityEmpty: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get('*/api/professional/me/activity', () => HttpResponse.json({ items: [], total: 0 })),
        ...profileHandlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Nenhuma atividade registrada ainda')).toBeVisible();
  },
};
