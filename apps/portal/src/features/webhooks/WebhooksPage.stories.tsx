import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  errorHandler,
  resetWebhooksState,
  tooManyWebhookSendsResponse,
  webhookEndpointFixtures,
  webhooksHandlerList,
} from '@acompanha/api-client/mocks';
import { PortalScreen, resetPortal } from '../../storybook/PortalScreen';
import { WebhooksPage } from './WebhooksPage';

const [ACTIVE, FAILING, GONE] = webhookEndpointFixtures();
const body = () => within(document.body);

const meta = {
  title: 'Screens/Webhooks/Manager',
  component: WebhooksPage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', msw: { handlers: webhooksHandlerList } },
  beforeEach: () => {
    resetPortal({ signedIn: true });
    resetWebhooksState();
  },
  render: () => <PortalScreen path="/webhook" />,
} satisfies Meta<typeof WebhooksPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The card of one endpoint (a region named by its URL). */
const cardOf = async (canvasElement: HTMLElement, url: string) =>
  within(await within(canvasElement).findByRole('region', { name: url }));

const openForm = async (canvasElement: HTMLElement) => {
  await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Novo webhook' }));
  return within(await body().findByRole('dialog', { name: 'Novo webhook' }));
};

/** No endpoint yet: what webhooks are for, and the way to add the first. */
export const Empty: Story = {
  beforeEach: () => resetWebhooksState([]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Nenhum webhook ainda' })).toBeVisible();
    await expect(canvas.getByText(/enviados na hora, assinados, para os seus sistemas/)).toBeVisible();
    // The API reference, served by the API itself, opens in a new tab (not a route of the portal).
    const reference = canvas.getByRole('link', { name: 'referência da API' });
    await expect(reference).toHaveAttribute('href', '/api/docs');
    await expect(reference).toHaveAttribute('target', '_blank');
    const dialog = await openForm(canvasElement);
    await expect(dialog.getByRole('textbox', { name: /Endereço \(URL\)/ })).toHaveFocus();
    await expect(dialog.getByRole('group', { name: 'Respostas' })).toBeVisible();
  },
};

/** Three endpoints: one active with rich payloads, one failing for 40 minutes, one we turned off after a 410. */
export const Endpoints: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const active = await cardOf(canvasElement, ACTIVE!.url);
    await expect(active.getByText('Ativo')).toBeVisible();
    await expect(active.getByText('5 eventos')).toBeVisible();
    await expect(active.getByText('Dados completos')).toBeVisible();
    await expect(active.getByText(/finalidade: Registrar as respostas e medidas/)).toBeVisible();
    await expect(active.getByRole('switch', { name: 'Envios ativos' })).toBeChecked();

    const failing = await cardOf(canvasElement, FAILING!.url);
    await expect(failing.getByText(/^Falhando desde \d\d\/\d\d\/\d{4} \d\d:\d\d$/)).toBeVisible();
    await expect(failing.getByText('Automação de lembretes')).toBeVisible();

    const gone = await cardOf(canvasElement, GONE!.url);
    await expect(gone.getByText('Desativado')).toBeVisible();
    await expect(gone.getByRole('alert')).toHaveTextContent('O endpoint respondeu 410 (não existe mais)');
    await expect(gone.getByRole('switch', { name: 'Envios ativos' })).not.toBeChecked();
    await expect(canvas.getByRole('link', { name: 'Webhooks' })).toHaveAttribute('aria-current', 'page');
  },
};

/** The form checks what it can (an http(s) address, at least one event); the API’s sentence shows under the URL. */
export const CreateWithApiErrors: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openForm(canvasElement);
    const url = dialog.getByRole('textbox', { name: /Endereço \(URL\)/ });
    await userEvent.type(url, 'ftp://meu-sistema.com.br/hook');
    await userEvent.click(dialog.getByRole('button', { name: 'Criar webhook' }));
    await expect(await dialog.findByText(/^Use um endereço https:\/\//)).toBeVisible();

    await userEvent.clear(url);
    await userEvent.type(url, 'https://192.168.0.10/hook');
    await userEvent.click(dialog.getByRole('button', { name: 'Criar webhook' }));
    await expect(await dialog.findByText('Escolha pelo menos um evento.')).toBeVisible();

    await userEvent.click(dialog.getByRole('checkbox', { name: 'Selecionar todos: Respostas' }));
    await expect(dialog.getByRole('checkbox', { name: /^Questionário respondido/ })).toBeChecked();
    await expect(dialog.getByText('2 eventos escolhidos.')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Criar webhook' }));
    await expect(
      await dialog.findByText('Este endereço aponta para uma rede privada ou reservada e não pode ser usado.'),
    ).toBeVisible();
    await expect(url).toHaveAttribute('aria-invalid', 'true');
    // Scrolled down to press "Criar", she is brought back to the field the API refused.
    await waitFor(() => expect(url).toHaveFocus());
    await expect(body().queryByText(/Alguns dados enviados estão incorretos/)).toBeNull();

    // Plain http goes to the API, which says no (it allows it only for tests' loopback receivers).
    await userEvent.clear(url);
    await userEvent.type(url, 'http://meu-sistema.com.br/hook');
    await userEvent.click(dialog.getByRole('button', { name: 'Criar webhook' }));
    await expect(await dialog.findByText('Use um endereço https://.')).toBeVisible();
  },
};

/** Created: the secret is shown this once, with "Copiar"; closing forgets it. Rich payloads need a purpose. */
export const SecretShownOnce: Story = {
  play: async ({ canvasElement }) => {
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async (t: string) => void copied.push(t) },
      configurable: true,
    });
    const dialog = await openForm(canvasElement);
    await userEvent.type(dialog.getByRole('textbox', { name: /Endereço \(URL\)/ }), 'https://erp.exemplo.com.br/hooks');
    await userEvent.type(dialog.getByRole('textbox', { name: /Descrição/ }), 'ERP do consultório');
    await userEvent.click(dialog.getByRole('checkbox', { name: /^Questionário respondido/ }));
    await userEvent.click(dialog.getByRole('switch', { name: /Enviar dados completos/ }));
    await expect(dialog.getByText(/LGPD, art\. 11/)).toBeVisible();
    await expect(dialog.getByText(/as respostas, pergunta a pergunta/)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Criar webhook' }));
    await expect(await dialog.findByText(/pelo menos 10 caracteres/)).toBeVisible();
    await userEvent.type(
      dialog.getByRole('textbox', { name: /Finalidade do uso dos dados/ }),
      'Guardar as medidas no prontuário do ERP.',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Criar webhook' }));

    const shown = within(await body().findByRole('dialog', { name: 'Webhook criado: guarde o segredo' }));
    await expect(shown.getByText(/não será mostrado de novo/)).toBeVisible();
    const secret = shown.getByText(/^whsec_/);
    await userEvent.click(shown.getByRole('button', { name: 'Copiar' }));
    await expect(await body().findByText('Segredo copiado.')).toBeVisible();
    await expect(copied).toEqual([secret.textContent]);
    await userEvent.click(shown.getByRole('button', { name: 'Já guardei o segredo' }));
    await waitFor(() => expect(body().queryByText(/^whsec_/)).toBeNull());
    const card = await cardOf(canvasElement, 'https://erp.exemplo.com.br/hooks');
    await expect(card.getByText('Dados completos')).toBeVisible();
    await expect(card.getByText('1 evento')).toBeVisible();
  },
};

/** Rotation is confirmed first (the old secret keeps signing for 24 hours), then the new one is shown once. */
export const RotateSecret: Story = {
  play: async ({ canvasElement }) => {
    const card = await cardOf(canvasElement, ACTIVE!.url);
    await userEvent.click(card.getByRole('button', { name: 'Rotacionar segredo' }));
    const confirm = within(await body().findByRole('alertdialog', { name: 'Rotacionar o segredo?' }));
    await expect(confirm.getByText(/continua assinando os envios por 24 horas/)).toBeVisible();
    await userEvent.click(confirm.getByRole('button', { name: 'Gerar novo segredo' }));
    const shown = within(await body().findByRole('dialog', { name: 'Novo segredo de assinatura' }));
    await expect(shown.getByText(/^whsec_/)).toBeVisible();
    await expect(shown.getByText(/anterior continua assinando os envios por 24 horas/)).toBeVisible();
    await userEvent.click(shown.getByRole('button', { name: 'Já guardei o segredo' }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
  },
};

/** Deleting asks first; then the card is gone. */
export const DeleteEndpoint: Story = {
  play: async ({ canvasElement }) => {
    const card = await cardOf(canvasElement, GONE!.url);
    await userEvent.click(card.getByRole('button', { name: 'Excluir' }));
    const confirm = within(await body().findByRole('alertdialog', { name: 'Excluir este webhook?' }));
    await expect(confirm.getByText(/não pode ser desfeita/)).toBeVisible();
    await userEvent.click(confirm.getByRole('button', { name: 'Excluir webhook' }));
    await expect(await body().findByText('Webhook excluído.')).toBeVisible();
    await waitFor(() => expect(within(canvasElement).queryByRole('region', { name: GONE!.url })).toBeNull());
  },
};

/** The switch turns sending off and on (our reason for turning one off goes away); "Editar" saves the rest. */
export const ToggleAndEdit: Story = {
  play: async ({ canvasElement }) => {
    const active = await cardOf(canvasElement, ACTIVE!.url);
    await userEvent.click(active.getByRole('switch', { name: 'Envios ativos' }));
    await expect(await body().findByText(/^Webhook desativado\./)).toBeVisible();
    await waitFor(() => expect(active.getByText('Desativado')).toBeVisible());

    const gone = await cardOf(canvasElement, GONE!.url);
    await userEvent.click(gone.getByRole('switch', { name: 'Envios ativos' }));
    await waitFor(() => expect(gone.getByText('Ativo')).toBeVisible());
    await expect(gone.queryByRole('alert')).toBeNull();

    const failing = await cardOf(canvasElement, FAILING!.url);
    await userEvent.click(failing.getByRole('button', { name: 'Editar' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Editar webhook' }));
    await expect(dialog.getByRole('checkbox', { name: /^Questionário enviado/ })).toBeChecked();
    const description = dialog.getByRole('textbox', { name: /Descrição/ });
    await userEvent.clear(description);
    await userEvent.type(description, 'Lembretes por WhatsApp');
    await userEvent.click(dialog.getByRole('button', { name: 'Salvar alterações' }));
    await expect(await body().findByText('Webhook salvo.')).toBeVisible();
    await expect(await failing.findByText('Lembretes por WhatsApp')).toBeVisible();
  },
};

/** Too many manual sends: the API's own sentence. */
export const TestEventTooManyAttempts: Story = {
  parameters: {
    msw: {
      handlers: [http.post('*/api/webhooks/manager/:id/test', tooManyWebhookSendsResponse), ...webhooksHandlerList],
    },
  },
  play: async ({ canvasElement }) => {
    const card = await cardOf(canvasElement, ACTIVE!.url);
    await userEvent.click(card.getByRole('button', { name: 'Enviar evento de teste' }));
    await expect(
      await body().findByText('Muitos envios manuais para este webhook. Tente de novo em 1 minuto.'),
    ).toBeVisible();
    await expect(body().queryByText(/Evento de teste enviado/)).toBeNull();
  },
};

/** The endpoints could not be read: the route's error screen. */
export const LoadingError: Story = {
  parameters: {
    msw: { handlers: [errorHandler('get', '/webhooks/manager', 'INTERNAL_ERROR'), ...webhooksHandlerList] },
  },
  play: async ({ canvasElement }) => {
    // 5xx answers are retried twice (with backoff) before the error screen shows
    await expect(
      await within(canvasElement).findByText('Unexpected Application Error!', {}, { timeout: 8000 }),
    ).toBeVisible();
  },
};
