import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  pendingHandler,
  resetSchedulingState,
  schedulingHandlerList,
  schedulingSchedules,
} from '@acompanha/api-client/mocks';
import { toastQueue } from '@acompanha/ui';
import { PortalScreen, resetPortal } from '../../storybook/PortalScreen';
import { ResendReceivedPage } from './ResendReceivedPage';

const body = () => within(document.body);

const meta = {
  title: 'Screens/Resend received',
  component: ResendReceivedPage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', msw: { handlers: schedulingHandlerList } },
  beforeEach: () => {
    resetPortal({ signedIn: true });
    resetSchedulingState();
    for (const toast of toastQueue.visibleToasts) toastQueue.close(toast.key);
  },
  render: () => <PortalScreen path="/resendReceived" />,
} satisfies Meta<typeof ResendReceivedPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const sentCount = () => schedulingSchedules().filter((s) => s.lastRequest?.status === 'sent').length;
const table = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole('grid', { name: 'Questionários enviados sem resposta' }));

/** The requests sent and not answered, oldest first, with the drawer entry that leads here. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Reenviar pendentes' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Reenviar pendentes' })).toHaveAttribute('aria-current', 'page');
    const grid = await table(canvasElement);
    await waitFor(() => expect(grid.getAllByRole('row')).toHaveLength(sentCount() + 1));
    const mariana = within(
      grid.getByRole('rowheader', { name: 'Mariana Souza' }).closest('[role="row"]') as HTMLElement,
    );
    await expect(mariana.getByText('Acompanhamento semanal')).toBeVisible();
    await expect(mariana.getByText('19/11/2026 08:00')).toBeVisible();
    await expect(mariana.getByText('WhatsApp')).toBeVisible();
  },
};

/** One row resent from its button, after a confirmation. */
export const ResendOne: Story = {
  play: async ({ canvasElement }) => {
    const grid = await table(canvasElement);
    await userEvent.click(await grid.findByRole('button', { name: 'Reenviar para Mariana Souza' }));
    const confirm = within(await body().findByRole('alertdialog', { name: 'Reenviar questionário?' }));
    await waitFor(() =>
      expect(confirm.getByText(/Mariana Souza recebe de novo o link, com um novo PIN/)).toBeVisible(),
    );
    await userEvent.click(confirm.getByRole('button', { name: 'Reenviar' }));
    await expect(await body().findByText('1 questionário reenviado com um novo PIN.')).toBeVisible();
  },
};

/** Select every row and resend them at once. */
export const ResendSelected: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = await table(canvasElement);
    await waitFor(() => expect(grid.getAllByRole('row')).toHaveLength(sentCount() + 1));
    await userEvent.click(grid.getByRole('checkbox', { name: 'Selecionar tudo' }));
    const n = sentCount();
    const bar = within(canvas.getByRole('region', { name: 'Solicitações selecionadas' }));
    await expect(bar.getByText(`${n} solicitações selecionadas`)).toBeVisible();
    await userEvent.click(bar.getByRole('button', { name: 'Reenviar selecionados' }));
    await userEvent.click(
      within(await body().findByRole('alertdialog', { name: `Reenviar ${n} questionários?` })).getByRole('button', {
        name: 'Reenviar',
      }),
    );
    await expect(await body().findByText(`${n} questionários reenviados com um novo PIN.`)).toBeVisible();
    await waitFor(() => expect(canvas.queryByRole('region', { name: 'Solicitações selecionadas' })).toBeNull());
  },
};

/** Requests that could not be resent are listed with the reason. */
export const PartlyResent: Story = {
  beforeEach: ({ msw }) => {
    msw.use(
      http.patch('*/api/quiz/schedule/re-publish', async ({ request }) => {
        const { schedules } = (await request.json()) as { schedules: { scheduleId: string }[] };
        return HttpResponse.json({
          resent: schedules.length - 1,
          details: [
            {
              scheduleId: schedules[0]!.scheduleId,
              application_error_code: 'SCHEDULE_ANSWER_ALREADY_ANSWERED_ERROR',
              message: 'Esta solicitação já foi respondida pelo cliente.',
            },
          ],
        });
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const grid = await table(canvasElement);
    await userEvent.click(await grid.findByRole('button', { name: 'Reenviar para Mariana Souza' }));
    await userEvent.click(
      within(await body().findByRole('alertdialog', { name: 'Reenviar questionário?' })).getByRole('button', {
        name: 'Reenviar',
      }),
    );
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('1 solicitação não foi reenviada');
    await expect(alert).toHaveTextContent('Mariana Souza: Esta solicitação já foi respondida pelo cliente.');
  },
};

export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get('*/api/answer-revision/schedules-without-confirmation', () =>
          HttpResponse.json({ items: [], total: 0 }),
        ),
        ...schedulingHandlerList,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { name: 'Nenhum questionário aguardando resposta' }),
    ).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [pendingHandler('get', '/answer-revision/schedules-without-confirmation'), ...schedulingHandlerList],
    },
  },
  play: async () => {
    // The route's loader waits for the first page: the app's full-screen spinner shows meanwhile.
    await expect(await body().findByRole('status', { name: 'Carregando…' })).toBeInTheDocument();
  },
};
