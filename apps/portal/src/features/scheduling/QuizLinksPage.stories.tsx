import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  resetSchedulingState,
  schedulingHandlerList,
  schedulingQuizFixtures,
  schedulingSchedules,
  setBulkStatusFixture,
} from '@acompanha/api-client/mocks';
import { toastQueue } from '@acompanha/ui';
import { PortalScreen, resetPortal } from '../../storybook/PortalScreen';
import { QuizLinksPage } from './QuizLinksPage';

const QUIZ = schedulingQuizFixtures[0]!;
const path = `/quizzes/links/${QUIZ.id}`;
/** 'Avaliação inicial': four patients, a short list for the stories about actions. */
const SMALL = schedulingQuizFixtures[1]!;
const smallScreen = () => <PortalScreen path={`/quizzes/links/${SMALL.id}`} />;
const body = () => within(document.body);

const meta = {
  title: 'Screens/Quizzes/Links',
  component: QuizLinksPage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', msw: { handlers: schedulingHandlerList } },
  beforeEach: () => {
    resetPortal({ signedIn: true });
    resetSchedulingState();
    for (const toast of toastQueue.visibleToasts) toastQueue.close(toast.key);
  },
  render: () => <PortalScreen path={path} />,
} satisfies Meta<typeof QuizLinksPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const grid = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole('grid', { name: /^Clientes com / }));
const rowOf = async (canvasElement: HTMLElement, name: string) =>
  within((await (await grid(canvasElement)).findByRole('rowheader', { name })).closest('[role="row"]') as HTMLElement);

/** Every patient of the quiz, 20 a page, with the state of the last request and the next send. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Links e envios' })).toBeVisible();
    const trail = within(canvas.getByRole('navigation', { name: 'Trilha de navegação' }));
    await expect(trail.getByRole('link', { name: 'Questionários' })).toHaveAttribute('href', '/quizzes');
    const table = await grid(canvasElement);
    await waitFor(() => expect(table.getAllByRole('row')).toHaveLength(21));
    await expect(canvas.getByRole('navigation', { name: 'Paginação' })).toBeVisible();
    const ana = await rowOf(canvasElement, 'Ana Almeida');
    await expect(ana.getByText('Enviado, aguardando resposta')).toBeVisible();
    await expect(ana.getByText('Toda semana: segunda e quinta às 08:00, a partir de 09/11/2026.')).toBeVisible();
    await expect(ana.getByText('23/11/2026 08:00')).toBeVisible();
    await expect(table.getAllByText('Link bloqueado')).toHaveLength(1);
    await expect(table.getAllByText('Este cliente não tem um serviço ativo.').length).toBeGreaterThan(0);
  },
};

/** "Copiar link" puts the patient's survey link on the clipboard. */
export const CopyLink: Story = {
  render: smallScreen,
  play: async ({ canvasElement }) => {
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async (t: string) => void copied.push(t) },
      configurable: true,
    });
    const ana = await rowOf(canvasElement, 'Ana Almeida');
    await userEvent.click(ana.getByRole('button', { name: 'Copiar link de Ana Almeida' }));
    await expect(await body().findByText('Link copiado.')).toBeVisible();
    await expect(copied).toEqual([
      schedulingSchedules().find((s) => s.patientName === 'Ana Almeida' && s.quizId === SMALL.id)!.link,
    ]);
  },
};

/** Filter by state: only the ones waiting for an answer. */
export const FilterSent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await grid(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /Situação/ }));
    await userEvent.click(await body().findByRole('option', { name: 'Enviados sem resposta' }));
    const table = await grid(canvasElement);
    await waitFor(() => expect(table.queryAllByText('Respondido')).toHaveLength(0));
    await expect(table.getAllByText('Enviado, aguardando resposta').length).toBe(table.getAllByRole('row').length - 1);
  },
};

/** Resend from a row's menu; asking again at once is refused by the API (a send less than a minute ago). */
export const ResendAndRequestNow: Story = {
  render: smallScreen,
  play: async ({ canvasElement }) => {
    const ana = await rowOf(canvasElement, 'Ana Almeida');
    await userEvent.click(ana.getByRole('button', { name: 'Ações de Ana Almeida' }));
    await userEvent.click(await body().findByRole('menuitem', { name: 'Reenviar' }));
    await expect(await body().findByText('Reenviado com um novo PIN.')).toBeVisible();
    await userEvent.click(ana.getByRole('button', { name: 'Ações de Ana Almeida' }));
    await userEvent.click(await body().findByRole('menuitem', { name: 'Solicitar agora' }));
    // The central handler's toast for RETRY_SEND_LATER.
    await expect(
      await body().findByText('O envio não pôde ser feito agora. Tente novamente em alguns minutos.'),
    ).toBeVisible();
  },
};

/** Disabling one schedule asks first. */
export const DisableOne: Story = {
  render: smallScreen,
  play: async ({ canvasElement }) => {
    const ana = await rowOf(canvasElement, 'Ana Almeida');
    await userEvent.click(ana.getByRole('button', { name: 'Ações de Ana Almeida' }));
    await userEvent.click(await body().findByRole('menuitem', { name: 'Desativar' }));
    const confirm = within(await body().findByRole('alertdialog', { name: 'Desativar agendamento?' }));
    await waitFor(() => expect(confirm.getByText(/param até você ativar de novo/)).toBeVisible());
    await userEvent.click(confirm.getByRole('button', { name: 'Desativar' }));
    await expect(await body().findByText(/Agendamento desativado/)).toBeVisible();
    await expect(await (await rowOf(canvasElement, 'Ana Almeida')).findByText('Desativado')).toBeVisible();
  },
};

/** Cancel the pending request of a row. */
export const CancelPending: Story = {
  render: smallScreen,
  play: async ({ canvasElement }) => {
    const ana = await rowOf(canvasElement, 'Ana Almeida');
    await userEvent.click(ana.getByRole('button', { name: 'Ações de Ana Almeida' }));
    await userEvent.click(await body().findByRole('menuitem', { name: 'Cancelar solicitação pendente' }));
    const confirm = within(await body().findByRole('alertdialog', { name: 'Cancelar solicitação pendente?' }));
    await waitFor(() => expect(confirm.getByText(/deixa de aceitar respostas/)).toBeVisible());
    await userEvent.click(confirm.getByRole('button', { name: 'Cancelar solicitação' }));
    await expect(await body().findByText('Solicitação cancelada.')).toBeVisible();
    await expect(await (await rowOf(canvasElement, 'Ana Almeida')).findByText('Cancelado')).toBeVisible();
  },
};

/** Select rows and disable them in bulk: the bulk process runs, shows its result, and is acknowledged. */
export const BulkDisable: Story = {
  render: smallScreen,
  // The mock process handles both patients on its first status read.
  beforeEach: () => resetSchedulingState({ bulkStep: 2 }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await grid(canvasElement);
    await waitFor(() => expect(table.getAllByRole('row')).toHaveLength(5));
    const rows = table.getAllByRole('row');
    await userEvent.click(within(rows[1]!).getByRole('checkbox'));
    await userEvent.click(within(rows[2]!).getByRole('checkbox'));
    const bar = within(canvas.getByRole('region', { name: 'Agendamentos selecionados' }));
    await expect(bar.getByText('2 clientes selecionados')).toBeVisible();
    await userEvent.click(bar.getByRole('button', { name: 'Desativar' }));
    await userEvent.click(
      within(await body().findByRole('alertdialog', { name: 'Desativar 2 clientes?' })).getByRole('button', {
        name: 'Desativar',
      }),
    );
    const result = await canvas.findByRole('region', { name: 'Resultado da operação em massa' });
    await expect(within(result).getByText('2 clientes atualizados')).toBeVisible();
    // Camila was already disabled; now all three are.
    await waitFor(() => expect(table.getAllByText('Desativado')).toHaveLength(3));
    await userEvent.click(within(result).getByRole('button', { name: 'Entendi' }));
    await waitFor(() => expect(canvas.queryByRole('region', { name: 'Resultado da operação em massa' })).toBeNull());
  },
};

/** A bulk process running on the quiz shows its progress above the list. */
export const BulkRunning: Story = {
  render: smallScreen,
  beforeEach: () => {
    resetSchedulingState({ bulkStep: 1 });
    setBulkStatusFixture({
      quizId: SMALL.id,
      kind: 'insert',
      state: 'processing',
      total: 5000,
      processed: 1200,
      details: [],
      startedAt: null,
      finishedAt: null,
    });
  },
  play: async ({ canvasElement }) => {
    const region = within(await within(canvasElement).findByRole('region', { name: 'Operação em massa' }));
    await expect(region.getByRole('progressbar', { name: 'Operação em massa em andamento' })).toHaveAttribute(
      'aria-valuetext',
      expect.stringMatching(/de 5\.000 clientes$/),
    );
  },
};

/** A quiz that does not exist: its own screen with the way back. */
export const NotFound: Story = {
  render: () => <PortalScreen path="/quizzes/links/00000000-0000-4000-8000-000000000000" />,
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { level: 1, name: 'Questionário não encontrado' }),
    ).toBeVisible();
    await expect(body().queryByText('Não encontramos este questionário.')).toBeNull();
  },
};
