import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  messageCampaignMixedFixture,
  messagePreviewFor,
  messagingCalls,
  messagingHandlerList,
  messagingPeopleFixture,
  patientHandlers,
  resetMessagingState,
} from '@acompanha/api-client/mocks';
import type { ComposeMessageData } from '@acompanha/api-client';
import { toastQueue } from '@acompanha/ui';
import { MessagingPage } from './MessagingPage';
import { MessagingScreen, messagingRouter } from './MessagingScreen';
import { ClientsScreen, clientsRouter } from '../clients/ClientsScreen';
import { resetPortal } from '../../storybook/PortalScreen';

const PATH = '/clients/messaging';

const meta = {
  title: 'Screens/Clients/Messaging',
  component: MessagingPage,
  tags: ['autodocs'],
  parameters: {
    layout: 'fullscreen',
    msw: { handlers: [...messagingHandlerList, patientHandlers.services] },
  },
  beforeEach: () => {
    resetPortal({ signedIn: true });
    resetMessagingState();
    for (const toast of toastQueue.visibleToasts) toastQueue.close(toast.key);
  },
  render: () => <MessagingScreen path={PATH} />,
} satisfies Meta<typeof MessagingPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);
const counts = (canvasElement: HTMLElement) => within(canvasElement).findByTestId('preview-counts');

/** Opened from the drawer: everyone matching the filters (active clients), WhatsApp; nothing written yet. */
export const ComposeEmpty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Mensagens' })).toBeVisible();
    await expect(canvas.getByRole('radio', { name: 'Todos os clientes que atendem aos filtros' })).toBeChecked();
    await expect(canvas.getByRole('radio', { name: 'WhatsApp' })).toBeChecked();
    await expect(canvas.getByRole('radio', { name: 'Enviar agora' })).toBeChecked();
    // The counts come before the text; no sample until she writes.
    await waitFor(async () =>
      expect(await counts(canvasElement)).toHaveTextContent('12 clientes: 8 por WhatsApp, 3 por e-mail, 1 sem contato'),
    );
    await expect(canvas.queryByTestId('preview-sample')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Enviar agora' }));
    await expect(await canvas.findByText('Escreva a mensagem.')).toBeVisible();
    await expect(messagingCalls.composed).toHaveLength(0);
  },
};

/** Writing with the variables: the preview shows the counts by channel and the text as the first client reads it. */
export const PreviewCounts: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const text = await canvas.findByRole('textbox', { name: 'Mensagem' });
    await userEvent.type(text, 'Oi, ');
    await userEvent.click(canvas.getByRole('button', { name: /Inserir \{\{paciente\}\}/ }));
    await userEvent.type(text, '! A clínica fecha na sexta. {{{{x}}');
    await expect(await canvas.findByText(/Variável desconhecida: \{\{x\}\}/)).toBeVisible();
    await userEvent.type(text, '{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}— ');
    await userEvent.click(canvas.getByRole('button', { name: /Inserir \{\{profissional\}\}/ }));
    await waitFor(() =>
      expect(canvas.getByTestId('preview-sample')).toHaveTextContent('Oi, Ana! A clínica fecha na sexta. — Ana Souza'),
    );
    await expect(await counts(canvasElement)).toHaveTextContent(
      '12 clientes: 8 por WhatsApp, 3 por e-mail, 1 sem contato',
    );
    // By e-mail, WhatsApp's window does not matter.
    await expect(canvas.getByText('O WhatsApp pede um modelo aprovado')).toBeVisible();
    await userEvent.click(canvas.getByRole('radio', { name: 'E-mail' }));
    await waitFor(async () =>
      expect(await counts(canvasElement)).toHaveTextContent('12 clientes: 11 por e-mail, 1 sem contato'),
    );
    await expect(canvas.queryByText('O WhatsApp pede um modelo aprovado')).toBeNull();
    // Filters narrow the audience the same way as the client list.
    await userEvent.click(canvas.getByRole('radio', { name: 'WhatsApp' }));
    await userEvent.click(canvas.getByRole('button', { name: /Modalidade/ }));
    await userEvent.click(await body().findByRole('option', { name: 'Online' }));
  },
};

/** The preview warns before sending; without a template the send is stopped here, then a template is chosen. */
export const TemplateNeeded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Mensagem' }), 'Olá! Tudo bem por aí?');
    const alert = await canvas.findByText('O WhatsApp pede um modelo aprovado');
    await expect(alert).toBeVisible();
    await expect(
      await canvas.findByText(/5 clientes não escreveram para você pelo WhatsApp nas últimas 24 horas/),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Enviar agora' }));
    await expect(await canvas.findByText('Escolha um modelo para enviar pelo WhatsApp.')).toBeVisible();
    await expect(messagingCalls.composed).toHaveLength(0);
    await userEvent.click(canvas.getByRole('radio', { name: /Mensagem do profissional/ }));
    await waitFor(() =>
      expect(canvas.getByTestId('preview-sample')).toHaveTextContent(
        'Olá, Ana! Ana Souza enviou uma mensagem para você: Olá! Tudo bem por aí?',
      ),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Enviar agora' }));
    await waitFor(() => expect(messagingCalls.composed).toHaveLength(1));
    await expect(messagingCalls.composed[0]).toMatchObject({
      audience: { kind: 'filter', status: 'active' },
      channel: 'whatsapp',
      template: 'acompanha_mensagem',
      sendAt: null,
    });
    await expect(await canvas.findByRole('progressbar', { name: 'Progresso do envio' })).toBeVisible();
  },
};

/** The preview had not counted them (a client wrote 25 hours ago): the API's 409 leads to the same choice. */
export const TemplateRequiredBySend: Story = {
  parameters: {
    msw: {
      handlers: [
        http.post('*/api/chat/messages/preview', async ({ request }) =>
          HttpResponse.json({
            ...messagePreviewFor((await request.json()) as ComposeMessageData['body']),
            outsideWindow: 0,
          }),
        ),
        ...messagingHandlerList,
        patientHandlers.services,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Mensagem' }), 'Olá, {{{{paciente}}!');
    await waitFor(() => expect(canvas.getByTestId('preview-sample')).toHaveTextContent('Olá, Ana!'));
    await expect(canvas.queryByText('O WhatsApp pede um modelo aprovado')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Enviar agora' }));
    await expect(await canvas.findByText('O WhatsApp pede um modelo aprovado')).toBeVisible();
    await expect(canvas.getByText(/5 clientes não escreveram/)).toBeVisible();
    // Handled on screen: no toast repeats it.
    await expect(toastQueue.visibleToasts).toHaveLength(0);
    await userEvent.click(canvas.getByRole('radio', { name: /Como você está\?/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Enviar agora' }));
    await waitFor(() => expect(messagingCalls.composed).toHaveLength(1));
    await expect(messagingCalls.composed[0]?.template).toBe('acompanha_retorno');
  },
};

/** A chosen São Paulo date and time goes as its instant; the send shows as scheduled. */
export const SendLater: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Mensagem' }), 'Bom dia, {{{{paciente}}!');
    await userEvent.click(canvas.getByRole('radio', { name: 'E-mail' }));
    await userEvent.click(canvas.getByRole('radio', { name: 'Agendar' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Agendar envio' }));
    await expect(await canvas.findByText('Escolha a data e o horário do envio.')).toBeVisible();
    const [day] = within(canvas.getByRole('group', { name: 'Data' })).getAllByRole('spinbutton');
    await userEvent.click(day!);
    await userEvent.keyboard('10012030');
    const [hour] = within(canvas.getByRole('group', { name: 'Horário (Brasília)' })).getAllByRole('spinbutton');
    await userEvent.click(hour!);
    await userEvent.keyboard('0900');
    await userEvent.click(canvas.getByRole('button', { name: 'Agendar envio' }));
    await waitFor(() => expect(messagingCalls.composed).toHaveLength(1));
    // 09:00 in São Paulo (UTC−3).
    await expect(messagingCalls.composed[0]?.sendAt).toBe('2030-01-10T12:00:00.000Z');
    await expect(await canvas.findByText('Agendado para 10/01/2030 09:00 (horário de Brasília).')).toBeVisible();
    await expect(body().getByText('Envio agendado para 10/01/2030 09:00.')).toBeVisible();
  },
};

/** A send's progress: counts, bar, failures first with their sentence; "Tentar de novo" queues it and polling settles it. */
export const ProgressWithFailureAndRetry: Story = {
  render: () => <MessagingScreen path={`${PATH}?envio=${messageCampaignMixedFixture.id}`} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bar = await canvas.findByRole('progressbar', { name: 'Progresso do envio' });
    await expect(bar).toHaveAttribute('aria-valuetext', '5 de 5 processadas');
    const list = within(canvas.getByRole('list', { name: 'Destinatários do envio' }));
    const rows = list.getAllByRole('listitem');
    // Failures first.
    await expect(rows[0]).toHaveAccessibleName('Eduarda Martins');
    await expect(rows[1]).toHaveAccessibleName('Felipe Andrade');
    const felipe = within(rows[1]!);
    await expect(felipe.getByText('Falhou')).toBeVisible();
    await expect(felipe.getByText('O WhatsApp recusou a mensagem: número sem WhatsApp.')).toBeVisible();
    await expect(
      within(rows[0]!).getByText('O cliente não tem e-mail nem WhatsApp autorizado cadastrados.'),
    ).toBeVisible();
    await expect(list.getByText('Lida')).toBeVisible();
    await expect(list.getByText('Entregue')).toBeVisible();
    await expect(list.getByText('Enviada')).toBeVisible();
    await userEvent.click(felipe.getByRole('button', { name: 'Tentar de novo para Felipe Andrade' }));
    await expect(await body().findByText('Mensagem para Felipe Andrade de volta à fila.')).toBeVisible();
    await waitFor(() => expect(messagingCalls.retried).toEqual(['9c0d1e2f-0000-4a00-8000-000000000002']));
    // In the queue, then sent by the next read (every 2 s while something waits).
    await waitFor(
      () => expect(within(canvas.getByRole('listitem', { name: 'Felipe Andrade' })).getByText('Enviada')).toBeVisible(),
      { timeout: 5000 },
    );
    await expect(canvas.getAllByRole('button', { name: /Tentar de novo/ })).toHaveLength(1);
  },
};

/** Her previous sends under the composer; each opens its progress, and "Voltar" comes back. */
export const PreviousSends: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = within(await canvas.findByRole('list', { name: 'Envios anteriores' }));
    await expect(list.getAllByRole('listitem')).toHaveLength(2);
    await expect(list.getByText('2 falharam')).toBeVisible();
    await expect(list.getByText('2 entregues')).toBeVisible();
    await expect(list.getByText(/agendado para 10\/01\/2030 09:00/)).toBeVisible();
    await userEvent.click(list.getByRole('button', { name: 'Ver Envio de 20/11/2026 10:00' }));
    await expect(await canvas.findByRole('heading', { name: 'Envio de 20/11/2026 10:00' })).toBeVisible();
    await expect(messagingRouter?.state.location.search).toBe(`?envio=${messageCampaignMixedFixture.id}`);
    await userEvent.click(canvas.getByRole('button', { name: 'Voltar para Mensagens' }));
    await expect(await canvas.findByRole('heading', { name: 'Nova mensagem' })).toBeVisible();
  },
};

/** Brought from the clients list's selection: those clients, by id. */
export const FromSelection: Story = {
  render: () => (
    <MessagingScreen
      path={PATH}
      state={{ recipients: messagingPeopleFixture.slice(0, 3).map((p) => ({ id: p.id, name: p.name })) }}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const chosen = await canvas.findByRole('radio', { name: /3 clientes selecionados/ });
    await expect(chosen).toBeChecked();
    await expect(canvas.getByText('Ana Beatriz Lima, Bruno Carvalho, Camila Rocha')).toBeVisible();
    await waitFor(async () =>
      expect(await counts(canvasElement)).toHaveTextContent('3 clientes: 2 por WhatsApp, 1 por e-mail'),
    );
    // Ana and Bruno wrote in the last 24 hours: free text reaches them.
    await expect(canvas.queryByText('O WhatsApp pede um modelo aprovado')).toBeNull();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Mensagem' }), 'Até amanhã, {{{{paciente}}!');
    await userEvent.click(canvas.getByRole('button', { name: 'Enviar agora' }));
    await waitFor(() => expect(messagingCalls.composed).toHaveLength(1));
    await expect(messagingCalls.composed[0]?.audience).toEqual({
      kind: 'patients',
      patientIds: messagingPeopleFixture.slice(0, 3).map((p) => p.id),
    });
    await expect(await canvas.findByRole('progressbar', { name: 'Progresso do envio' })).toBeVisible();
  },
};

/** From the clients list: two rows selected, "Enviar mensagem aos selecionados" brings them as the recipients. */
export const FromClientsList: Story = {
  parameters: { msw: { handlers: [...messagingHandlerList, ...Object.values(patientHandlers)] } },
  render: () => <ClientsScreen path="/clients" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = within(await canvas.findByRole('grid', { name: 'Clientes' }));
    for (const name of ['Beatriz Conceição', 'João Pedro Araújo']) {
      const row = (await grid.findByRole('rowheader', { name: new RegExp(name) })).closest('[role="row"]');
      await userEvent.click(within(row as HTMLElement).getByRole('checkbox'));
    }
    await userEvent.click(canvas.getByRole('button', { name: 'Enviar mensagem aos selecionados' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Mensagens' })).toBeVisible();
    await expect(clientsRouter?.state.location.pathname).toBe(PATH);
    await expect(canvas.getByRole('radio', { name: /2 clientes selecionados/ })).toBeChecked();
    await expect(canvas.getByText(/Beatriz Conceição/)).toBeVisible();
    await waitFor(async () => expect(await counts(canvasElement)).toHaveTextContent(/^2 clientes/));
  },
};
