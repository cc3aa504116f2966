import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { DashboardSummary } from '@acompanha/api-client';
import {
  answersHandlers,
  errorHandler,
  pendingHandler,
  resetAnswersState,
  resetSchedulingState,
  statusReportFixture,
} from '@acompanha/api-client/mocks';
import { DashboardPage } from './DashboardPage';
import { PortalScreen, resetPortal } from '../../storybook/PortalScreen';
import { asPhone, fitsSideways, PhoneFrame, smallLinks } from '../../storybook/phone';

const summary: DashboardSummary = {
  today: '2026-11-21',
  patients: { active: 172, newThisMonth: 9 },
  sales: {
    month: '2026-11',
    count: 14,
    grossCents: 642000,
    refundsCents: 39000,
    netCents: 603000,
    byDay: Array.from({ length: 21 }, (_, i) => ({
      date: `2026-11-${String(i + 1).padStart(2, '0')}`,
      count: i % 3 === 0 ? 1 : 0,
      netCents: i % 3 === 0 ? 39000 + i * 1000 : 0,
    })),
  },
  expiringServices: [
    {
      patientId: '11111111-1111-4111-8111-111111111111',
      patientName: 'Joana Prado',
      serviceName: 'Acompanhamento mensal',
      endsAt: '2026-11-24',
      lastDay: '2026-11-23',
      daysLeft: 2,
    },
    {
      patientId: '22222222-2222-4222-8222-222222222222',
      patientName: 'Caio Ribeiro',
      serviceName: 'Plano trimestral',
      endsAt: '2026-12-01',
      lastDay: '2026-11-30',
      daysLeft: 9,
    },
  ],
  firstSteps: { clientAdded: true, quizCreated: true, saleRegistered: true, quizScheduled: true },
};

/** The answer figures' calls: pending (also the drawer badge), delayed and the last 30 days' report. */
const answerHandlers = [answersHandlers.pending, answersHandlers.delayed, answersHandlers.statusReport];

const meta = {
  title: 'Screens/Dashboard',
  component: DashboardPage,
  tags: ['autodocs'],
  parameters: {
    layout: 'fullscreen',
    msw: { handlers: [http.get('*/api/dashboard/summary', () => HttpResponse.json(summary)), ...answerHandlers] },
  },
  beforeEach: () => {
    resetPortal({ signedIn: true, pendingAnswers: 'fetch' });
    resetSchedulingState();
    resetAnswersState();
  },
  render: () => <PortalScreen path="/dashboard" />,
} satisfies Meta<typeof DashboardPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Painel' })).toBeVisible();
    await expect(canvas.getByText('172')).toBeVisible();
    await expect(canvas.getByText(/6\.030,00/)).toBeVisible();
    await expect(canvas.getByRole('figure', { name: 'Faturamento por dia em novembro' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Joana Prado' })).toHaveAttribute(
      'href',
      '/clients/profile/11111111-1111-4111-8111-111111111111',
    );
    // Her service's last day is 23/11 (the API's endsAt, 24/11, is the first day without it): the profile says the same.
    await expect(canvas.getByText(/termina em 2 dias \(último dia 23\/11\/2026\)/)).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'Primeiros passos' })).toBeNull();
  },
};

/** Answers waiting for review, delayed answers and the answer rate of the last 30 days, each leading to its screen. */
export const AnswerFigures: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const answers = within(await canvas.findByRole('region', { name: 'Respostas' }));
    const figure = (label: string) => answers.getByText(label).parentElement!;
    await waitFor(() => expect(figure('Aguardando revisão')).toHaveTextContent('Aguardando revisão24'));
    await waitFor(() => expect(figure('Respostas atrasadas')).toHaveTextContent('Respostas atrasadas10'));
    const rate = statusReportFixture().answerRate!;
    const pct = `${(rate * 100).toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;
    await waitFor(() => expect(figure('Taxa de resposta (30 dias)')).toHaveTextContent(pct));
    await expect(answers.getByRole('link', { name: 'Revisar respostas' })).toHaveAttribute('href', '/answers/received');
    await expect(answers.getByRole('link', { name: 'Ver e reenviar' })).toHaveAttribute('href', '/answers/report');
    await expect(canvas.getByRole('link', { name: 'Respostas recebidas 24 pendentes' })).toBeVisible();
  },
};

/** The answer figures failing do not take the page down: they show a dash. */
export const AnswerFiguresUnavailable: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get('*/api/dashboard/summary', () => HttpResponse.json(summary)),
        errorHandler('get', '/answer-revision/pending', 'INTERNAL_ERROR'),
        errorHandler('get', '/answer-revision/delayed', 'INTERNAL_ERROR'),
        errorHandler('get', '/answer-revision/status-report', 'INTERNAL_ERROR'),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Painel' })).toBeVisible();
    const answers = within(canvas.getByRole('region', { name: 'Respostas' }));
    await waitFor(
      () => expect(answers.getByText('Aguardando revisão').parentElement!).toHaveTextContent('Aguardando revisão—'),
      { timeout: 10_000 },
    );
    await expect(canvas.getByText('172')).toBeVisible();
  },
};

export const ChartAsTable: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Ver dados em tabela' }));
    const table = canvas.getByRole('table', { name: 'Faturamento por dia em novembro' });
    await expect(within(table).getAllByRole('row')).toHaveLength(22);
  },
};

export const NothingExpiring: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get('*/api/dashboard/summary', () => HttpResponse.json({ ...summary, expiringServices: [] })),
        ...answerHandlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { name: 'Nenhum serviço terminando' }),
    ).toBeVisible();
  },
};

/**
 * A new account: the next steps lead on (a client, then a questionnaire, then a schedule) and the month
 * without sales says so, instead of an empty chart with an axis of "R$ 0,01".
 */
export const NewAccount: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get('*/api/dashboard/summary', () =>
          HttpResponse.json({
            ...summary,
            patients: { active: 0, newThisMonth: 0 },
            sales: {
              ...summary.sales,
              count: 0,
              grossCents: 0,
              refundsCents: 0,
              netCents: 0,
              byDay: summary.sales.byDay.map((d) => ({ ...d, count: 0, netCents: 0 })),
            },
            expiringServices: [],
            firstSteps: { clientAdded: true, quizCreated: false, saleRegistered: false, quizScheduled: false },
          } satisfies DashboardSummary),
        ),
        ...answerHandlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const steps = within((await canvas.findByRole('heading', { name: 'Primeiros passos' })).closest('section')!);
    await expect(steps.getByText('1 de 4 concluídos.')).toBeVisible();
    await expect(steps.getByText('(concluído)')).toBeInTheDocument();
    const items = steps.getAllByRole('listitem');
    await expect(items[1]).toHaveAttribute('aria-current', 'step');
    await expect(steps.getByRole('link', { name: 'Montar questionário' })).toHaveAttribute('href', '/quiz-builder');
    // A client needs an active service before a questionnaire can be sent: the step says so and where.
    await expect(steps.getByRole('link', { name: 'Registrar venda' })).toHaveAttribute('href', '/services?aba=vendas');
    await expect(steps.getByText(/O cliente precisa de um serviço ativo/)).toBeVisible();
    await expect(steps.getByRole('link', { name: 'Agendar envio' })).toHaveAttribute('href', '/quizzes');
    await expect(steps.queryByRole('link', { name: 'Cadastrar cliente' })).toBeNull();
    await expect(canvas.getByRole('heading', { name: 'Nenhuma venda em novembro até agora' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Registrar uma venda' })).toHaveAttribute('href', '/services');
    await expect(canvas.queryByRole('figure', { name: /Faturamento por dia/ })).toBeNull();
    await expect(canvas.queryByText('R$ 0,01')).toBeNull();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [pendingHandler('get', '/dashboard/summary'), ...answerHandlers] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toBeInTheDocument();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: [errorHandler('get', '/dashboard/summary', 'INTERNAL_ERROR'), ...answerHandlers] } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Unexpected Application Error!', {}, { timeout: 8000 }),
    ).toBeVisible();
    // The screen failed, not the layout: the navigation stays.
    await expect(within(canvasElement).getByRole('navigation', { name: 'Navegação principal' })).toBeInTheDocument();
  },
};

/**
 * On a phone the month's chart fits the screen: nothing scrolls sideways, not even inside a box (a scrolling box
 * would be a region a keyboard cannot reach: axe's scrollable-region-focusable, run on every story), and
 * every link is a target at least 24 px tall.
 */
export const Phone: Story = {
  beforeEach: asPhone,
  render: () => (
    <PhoneFrame>
      <PortalScreen path="/dashboard" />
    </PhoneFrame>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const chart = await canvas.findByRole('figure', { name: 'Faturamento por dia em novembro' });
    const scrolling = [chart, ...chart.querySelectorAll<HTMLElement>('*')].filter(
      (el) => el.scrollWidth > el.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(el).overflowX),
    );
    await expect(scrolling).toEqual([]);
    await expect(chart.getBoundingClientRect().right).toBeLessThanOrEqual(
      canvasElement.querySelector('[data-testid="phone-frame"]')!.getBoundingClientRect().right,
    );
    await expect(fitsSideways(canvasElement)).toBe(true);
    await expect(smallLinks(canvasElement)).toEqual([]);
  },
};
