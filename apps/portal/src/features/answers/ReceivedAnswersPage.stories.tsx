import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  answersHandlerList,
  errorHandler,
  pagedListHandler,
  pendingHandler,
  practicePatientFixture,
  resetAnswersState,
  resetSchedulingState,
  schedulingHandlerList,
  schedulingQuizFixtures,
} from '@acompanha/api-client/mocks';
import { toastQueue } from '@acompanha/ui';
import { PortalScreen, resetPortal } from '../../storybook/PortalScreen';
import { ReceivedAnswersPage } from './ReceivedAnswersPage';

const body = () => within(document.body);

const meta = {
  title: 'Screens/Answers/Received',
  component: ReceivedAnswersPage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', msw: { handlers: [...answersHandlerList, ...schedulingHandlerList] } },
  beforeEach: () => {
    resetPortal({ signedIn: true, pendingAnswers: 'fetch' });
    resetSchedulingState();
    resetAnswersState();
    for (const toast of toastQueue.visibleToasts) toastQueue.close(toast.key);
  },
  render: () => <PortalScreen path="/answers/received" />,
} satisfies Meta<typeof ReceivedAnswersPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const grid = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole('grid', { name: 'Respostas recebidas' }));
/**
 * Opens the "Questionário" filter once its list is there: until then it says "Carregando questionários…" and takes
 * no press (a press before GET /quiz answered would open "Todos" alone, and the quiz looked for might not show in time).
 */
const openQuizFilter = async (canvasElement: HTMLElement) =>
  userEvent.click(await within(canvasElement).findByRole('button', { name: /^Todos\s+Questionário/ }));
/** The data rows' client names, in order. */
const names = (g: ReturnType<typeof within>) => g.getAllByRole('rowheader').map((c: HTMLElement) => c.textContent);

/** Pending answers, the newest first, 20 a page, and the drawer entry with its count. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Respostas recebidas' })).toBeVisible();
    await expect(await canvas.findByRole('link', { name: 'Respostas recebidas 24 pendentes' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getByText('24 respostas aguardando revisão')).toBeVisible();
    const g = await grid(canvasElement);
    await waitFor(() => expect(g.getAllByRole('row')).toHaveLength(21));
    const first = within(g.getAllByRole('row')[1]!);
    await expect(first.getByText('Mariana Souza')).toBeVisible();
    await expect(first.getByText('19/11/2026 10:30')).toBeVisible();
    await expect(first.getByText('Pendente')).toBeVisible();
    await expect(canvas.getByRole('navigation', { name: 'Paginação' })).toBeVisible();
  },
};

/** The second page holds the oldest pending answers. */
export const SecondPage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const g = await grid(canvasElement);
    await waitFor(() => expect(g.getAllByRole('row')).toHaveLength(21));
    await userEvent.click(
      within(canvas.getByRole('navigation', { name: 'Paginação' })).getByRole('button', { name: 'Página 2' }),
    );
    await waitFor(() => expect(g.getAllByRole('row')).toHaveLength(5));
  },
};

/** "Concluídas": the approved ones, with their notes count. */
export const Completed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await grid(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /Situação/ }));
    await userEvent.click(await body().findByRole('option', { name: 'Concluídas' }));
    await expect(await canvas.findByText('13 respostas concluídas')).toBeVisible();
    const g = await grid(canvasElement);
    await waitFor(() => expect(g.queryAllByText('Pendente')).toHaveLength(0));
    const withNote = within(g.getAllByRole('row').find((r) => r.textContent?.includes('12/11/2026 10:30'))!);
    await expect(withNote.getByText('1')).toBeVisible();
  },
};

/** Filters come from the address too (one client, one period): the client's name shows in its field. */
export const FilteredByClientAndPeriod: Story = {
  render: () => (
    <PortalScreen
      path={`/answers/received?status=all&patientId=${practicePatientFixture.id}&from=2026-11-01&to=2026-11-15`}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = await canvas.findByRole('combobox', { name: 'Cliente' });
    await waitFor(() => expect(field).toHaveValue('Mariana Souza'));
    const g = await grid(canvasElement);
    await waitFor(() => expect(names(g)).toEqual(['Mariana Souza', 'Mariana Souza', 'Mariana Souza']));
    await expect(canvas.getByText('3 respostas')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(g.getAllByRole('row')).toHaveLength(21));
    await expect(canvas.getByRole('combobox', { name: 'Cliente' })).toHaveValue('');
  },
};

/** Choosing a quiz keeps only its answers. */
export const FilteredByQuiz: Story = {
  play: async ({ canvasElement }) => {
    await grid(canvasElement);
    await openQuizFilter(canvasElement);
    await userEvent.click(await body().findByRole('option', { name: 'Avaliação inicial' }));
    const g = await grid(canvasElement);
    await waitFor(() => expect(g.getAllByRole('row')).toHaveLength(2));
    await expect(g.getByText('Avaliação inicial')).toBeVisible();
  },
};

/** 130 quizzes: the filter offers every one, the API's pages of 100 read one after the other. */
const manyQuizzes = Array.from({ length: 130 }, (_, i) => ({
  ...schedulingQuizFixtures[0]!,
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  title: `Questionário ${String(i + 1).padStart(3, '0')}`,
}));
export const QuizFilterBeyondOnePage: Story = {
  parameters: {
    msw: {
      handlers: [pagedListHandler('/quiz', manyQuizzes), ...answersHandlerList, ...schedulingHandlerList],
    },
  },
  play: async ({ canvasElement }) => {
    await grid(canvasElement);
    await openQuizFilter(canvasElement);
    const listbox = await body().findByRole('listbox');
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(131));
    await expect(within(listbox).getByRole('option', { name: 'Questionário 130' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
  },
};

/** While the quizzes load, their filter says so and takes no press (it would offer "Todos" alone). */
export const QuizFilterWhileQuestionnairesLoad: Story = {
  parameters: {
    msw: {
      handlers: [http.get('*/api/quiz', () => delay('infinite')), ...answersHandlerList, ...schedulingHandlerList],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await grid(canvasElement);
    await expect(canvas.getByRole('button', { name: /^Carregando questionários…\s+Questionário/ })).toBeDisabled();
  },
};

/** "Revisar" opens the answer for review. */
export const OpenToReview: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const g = await grid(canvasElement);
    await userEvent.click(
      await g.findByRole('link', { name: 'Revisar resposta de Mariana Souza em 19/11/2026 10:30' }),
    );
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Acompanhamento semanal' })).toBeVisible();
    await expect(canvas.getByText('Respondido por Mariana Souza em 19/11/2026 10:30.')).toBeVisible();
  },
};

const emptyPage = http.get('*/api/answer-revision', () => HttpResponse.json({ items: [], total: 0 }));

export const Empty: Story = {
  parameters: { msw: { handlers: [emptyPage, ...answersHandlerList, ...schedulingHandlerList] } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { name: 'Nenhuma resposta aguardando revisão' }),
    ).toBeVisible();
  },
};

export const NothingMatches: Story = {
  parameters: { msw: { handlers: [emptyPage, ...answersHandlerList, ...schedulingHandlerList] } },
  render: () => <PortalScreen path="/answers/received?status=completed" />,
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { name: 'Nenhuma resposta encontrada' }),
    ).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: {
    msw: { handlers: [pendingHandler('get', '/answer-revision'), ...answersHandlerList, ...schedulingHandlerList] },
  },
  play: async () => {
    // The route's loader waits for the first page: the app's full-screen spinner shows meanwhile.
    await expect(await body().findByRole('status', { name: 'Carregando…' })).toBeInTheDocument();
  },
};

export const ServerError: Story = {
  parameters: {
    msw: {
      handlers: [
        errorHandler('get', '/answer-revision', 'INTERNAL_ERROR'),
        ...answersHandlerList,
        ...schedulingHandlerList,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Unexpected Application Error!', {}, { timeout: 8000 }),
    ).toBeVisible();
  },
};
