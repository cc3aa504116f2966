import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  ACTIVE_WEBHOOK_ID,
  errorHandler,
  FAILING_WEBHOOK_ID,
  redeliveryInFlightResponse,
  resetWebhooksState,
  webhookEndpointFixtures,
  webhooksHandlerList,
} from '@acompanha/api-client/mocks';
import { PortalScreen, resetPortal } from '../../storybook/PortalScreen';
import { DeliveryLog } from './DeliveryLog';

const [ACTIVE, FAILING] = webhookEndpointFixtures();
const body = () => within(document.body);
const logOf = (id: string) => () => <PortalScreen path={`/webhook?endpoint=${id}`} />;

const meta = {
  title: 'Screens/Webhooks/DeliveryLog',
  component: DeliveryLog,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', msw: { handlers: webhooksHandlerList } },
  // The log is shown in its screen (the render below); the args only document the component's props.
  args: { endpoint: FAILING! },
  beforeEach: () => {
    resetPortal({ signedIn: true });
    resetWebhooksState();
  },
  render: logOf(FAILING_WEBHOOK_ID),
} satisfies Meta<typeof DeliveryLog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The log's table, once its first page has come. */
const table = async (canvasElement: HTMLElement, url: string) => {
  const grid = within(await within(canvasElement).findByRole('grid', { name: `Registro de envios de ${url}` }));
  await waitFor(() => expect(grid.queryByText('Carregando envios…')).toBeNull());
  return grid;
};

/** The row whose text matches. */
const rowWith = async (canvasElement: HTMLElement, url: string, text: RegExp) => {
  const grid = await table(canvasElement, url);
  const cell = await grid.findByText(text);
  return within(cell.closest('[role="row"]') as HTMLElement);
};

/** Every way an attempt fails, explained with the São Paulo time; the answer unfolds; a message goes again. */
export const FailuresExplained: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = await table(canvasElement, FAILING!.url);
    await expect(canvas.getByRole('heading', { name: 'Registro de envios' })).toBeVisible();
    await expect(
      canvas.getByText(/^1 envio aguardando: próxima tentativa (em \d\d\/\d\d )?às \d\d:\d\d\.$/),
    ).toBeVisible();
    await expect(grid.getByText(/^Seu endpoint respondeu 404 (em \d\d\/\d\d )?às \d\d:\d\d$/)).toBeVisible();
    await expect(
      grid.getByText(/^Seu endpoint não respondeu em 15 segundos \((\d\d\/\d\d às )?\d\d:\d\d\)$/),
    ).toBeVisible();
    await expect(
      grid.getByText(/^Não foi possível conectar ao endpoint \((\d\d\/\d\d às )?\d\d:\d\d\)$/),
    ).toBeVisible();
    await expect(
      grid.getByText(
        /^O endereço passou a apontar para uma rede privada e foi bloqueado \((\d\d\/\d\d às )?\d\d:\d\d\)$/,
      ),
    ).toBeVisible();
    await expect(grid.getAllByText(/^Entregue \(200\) (em \d\d\/\d\d )?às \d\d:\d\d$/).length).toBeGreaterThan(0);
    await expect(grid.getByText('15.000 ms')).toBeVisible();

    // A pending message shows its next attempt; the answer is folded to a line until asked.
    const notFound = await rowWith(canvasElement, FAILING!.url, /respondeu 404/);
    await expect(notFound.getByText(/^(\d\d\/\d\d )?\d\d:\d\d$/)).toBeVisible();
    await userEvent.click(notFound.getByRole('button', { name: 'Ver resposta completa' }));
    await expect(notFound.getByRole('button', { name: 'Recolher resposta' })).toHaveAttribute('aria-expanded', 'true');
    await expect(notFound.getByText(/<h1>404 Not Found<\/h1>/, { selector: 'pre' })).toBeVisible();

    // Only the latest attempt of a message can be sent again.
    const timeout = await rowWith(canvasElement, FAILING!.url, /não respondeu em 15 segundos/);
    await expect(timeout.queryByRole('button', { name: /^Reenviar/ })).toBeNull();
    const refused = await rowWith(canvasElement, FAILING!.url, /foi bloqueado/);
    await expect(refused.getByText('Sem novas tentativas')).toBeVisible();
    await userEvent.click(refused.getByRole('button', { name: /^Reenviar Questionário enviado/ }));
    await expect(await body().findByText(/^Reenvio solicitado\./)).toBeVisible();
    // Its 4th attempt is made a second later; the log reads itself again until it shows up.
    const fourth = await rowWith(canvasElement, FAILING!.url, /^4$/);
    await expect(fourth.getByText('Questionário enviado')).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(document.documentElement.clientWidth);
  },
};

/** 18 attempts: 15 a page. */
export const Pagination: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = await table(canvasElement, FAILING!.url);
    await expect(grid.getAllByRole('row')).toHaveLength(16); // the header and 15 attempts
    const pages = canvas.getByRole('navigation', { name: 'Páginas do registro de envios' });
    await userEvent.click(within(pages).getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(grid.getAllByRole('row')).toHaveLength(4));
    await expect(grid.queryByText(/respondeu 404/)).toBeNull();
  },
};

/** A test event: the log opens and its result appears by itself a moment later. */
export const TestEventResult: Story = {
  render: logOf(ACTIVE_WEBHOOK_ID),
  play: async ({ canvasElement }) => {
    const card = within(await within(canvasElement).findByRole('region', { name: ACTIVE!.url }));
    await table(canvasElement, ACTIVE!.url);
    await userEvent.click(card.getByRole('button', { name: 'Enviar evento de teste' }));
    await expect(
      await body().findByText('Evento de teste enviado. O resultado aparece no registro de envios.'),
    ).toBeVisible();
    const test = await rowWith(canvasElement, ACTIVE!.url, /^Evento de teste$/);
    await waitFor(() => expect(test.getByText(/^Entregue \(200\) (em \d\d\/\d\d )?às \d\d:\d\d$/)).toBeVisible(), {
      timeout: 8000,
    });
  },
};

/** "Registro de envios" opens an endpoint's log in the address (a link to share); "Fechar registro" closes it. */
export const OpenAndClose: Story = {
  render: () => <PortalScreen path="/webhook" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = within(await canvas.findByRole('region', { name: ACTIVE!.url }));
    await expect(canvas.queryByRole('heading', { name: 'Registro de envios' })).toBeNull();
    await userEvent.click(card.getByRole('link', { name: 'Registro de envios' }));
    await waitFor(() => expect(canvas.getByRole('heading', { name: 'Registro de envios' })).toHaveFocus());
    await table(canvasElement, ACTIVE!.url);
    await expect(card.getByRole('link', { name: 'Registro de envios' })).toHaveAttribute('aria-current', 'true');
    await userEvent.click(canvas.getByRole('link', { name: 'Fechar registro' }));
    await waitFor(() => expect(canvas.queryByRole('heading', { name: 'Registro de envios' })).toBeNull());
  },
};

/** An attempt of the message is in flight: the API's 409 sentence. */
export const RedeliverInFlight: Story = {
  parameters: {
    msw: {
      handlers: [
        http.post('*/api/webhooks/manager/:id/deliveries/:deliveryId/redeliver', redeliveryInFlightResponse),
        ...webhooksHandlerList,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const row = await rowWith(canvasElement, FAILING!.url, /respondeu 404/);
    await userEvent.click(row.getByRole('button', { name: /^Reenviar Questionário respondido/ }));
    await expect(
      await body().findByText('Este envio está em andamento. Tente de novo em alguns segundos.'),
    ).toBeVisible();
  },
};

/** The log could not be read: said in place, with a way to try again. */
export const LogLoadError: Story = {
  parameters: {
    msw: {
      handlers: [errorHandler('get', '/webhooks/manager/:id/responses', 'INTERNAL_ERROR'), ...webhooksHandlerList],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('Não foi possível carregar o registro de envios.', {}, { timeout: 8000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Tentar de novo' })).toBeVisible();
  },
};

/** Turned off: what waits is paused and says so (no polling); on again, it goes in a fresh round. */
export const PausedWhileOff: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await table(canvasElement, FAILING!.url);
    await expect(canvas.getByText(/^1 envio aguardando/)).toBeVisible();
    const card = within(await canvas.findByRole('region', { name: FAILING!.url }));
    await userEvent.click(card.getByRole('switch', { name: 'Envios ativos' }));
    await expect(await canvas.findByText('1 envio espera o webhook ser ativado.')).toBeVisible();
    const paused = await rowWith(canvasElement, FAILING!.url, /respondeu 404/);
    await expect(paused.getByText('Quando o webhook for ativado')).toBeVisible();
    await userEvent.click(card.getByRole('switch', { name: 'Envios ativos' }));
    await expect(await canvas.findByText(/^1 envio aguardando/)).toBeVisible();
  },
};
