import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import {
  answersHandlerList,
  errorHandler,
  pendingHandler,
  resetAnswersState,
  resetSchedulingState,
  schedulingHandlerList,
  schedulingQuizFixtures,
  statusReportFixture,
} from '@acompanha/api-client/mocks';
import { toastQueue } from '@acompanha/ui';
import { PortalScreen, resetPortal } from '../../storybook/PortalScreen';
import { AnswerReportPage } from './AnswerReportPage';
import { asPhone, cardLines, fitsSideways, PhoneFrame, smallLinks } from '../../storybook/phone';

const body = () => within(document.body);
const WEEKLY = schedulingQuizFixtures[0]!;
/** A fixed period, so the numbers do not depend on the day the story runs. */
const NOVEMBER = '/answers/report?from=2026-11-01&to=2026-11-21';

const meta = {
  title: 'Screens/Answers/Report',
  component: AnswerReportPage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', msw: { handlers: [...answersHandlerList, ...schedulingHandlerList] } },
  beforeEach: () => {
    resetPortal({ signedIn: true });
    resetSchedulingState();
    resetAnswersState();
    for (const toast of toastQueue.visibleToasts) toastQueue.close(toast.key);
  },
  render: () => <PortalScreen path={NOVEMBER} />,
} satisfies Meta<typeof AnswerReportPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const november = statusReportFixture({ from: '2026-11-01', to: '2026-11-21' });
const figure = (canvasElement: HTMLElement, label: string) =>
  within(within(canvasElement).getByRole('group', { name: 'Resumo do período' })).getByText(label).parentElement!;

/** The period's figures, the chart (stacked by state, with its table), the table by quiz, the delayed list. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Relatório de respostas' })).toBeVisible();
    const rate = `${(november.answerRate! * 100).toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;
    await expect(figure(canvasElement, 'Taxa de resposta')).toHaveTextContent(rate);
    await expect(figure(canvasElement, 'Respondidos')).toHaveTextContent(String(november.totals.answered));
    await expect(canvas.getByRole('figure', { name: 'Questionários enviados por dia' })).toBeVisible();
    const perDay = within(canvas.getByRole('table', { name: 'Dados de Questionários enviados por dia' }));
    await expect(perDay.getAllByRole('row')).toHaveLength(22);
    const byQuiz = within(canvas.getByRole('grid', { name: 'Situação dos envios por questionário' }));
    await expect(byQuiz.getByRole('rowheader', { name: WEEKLY.title })).toBeVisible();
    const delayed = within(await canvas.findByRole('grid', { name: 'Respostas atrasadas' }));
    await expect(await delayed.findByRole('button', { name: 'Reenviar para Diego Ribeiro' })).toBeVisible();
    await expect(canvas.getByText(/escolha um questionário no filtro “Questionário” acima/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Exportar CSV' })).toBeDisabled();
  },
};

/** "Semana" groups the same period by ISO week (the first and last ones partial). */
export const ByWeek: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('radio', { name: 'Semana' }));
    await expect(await canvas.findByRole('figure', { name: 'Questionários enviados por semana' })).toBeVisible();
    const table = within(canvas.getByRole('table', { name: 'Dados de Questionários enviados por semana' }));
    await expect(table.getByRole('rowheader', { name: '01/11/2026' })).toBeVisible();
    await expect(table.getByRole('rowheader', { name: '02/11/2026 a 08/11/2026' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Imprimir relatório' })).toHaveAttribute(
      'href',
      expect.stringContaining('granularity=week'),
    );
  },
};

/** One press resends a delayed request (with a new PIN), and it leaves the list. */
export const ResendDelayed: Story = {
  play: async ({ canvasElement }) => {
    const delayed = within(await within(canvasElement).findByRole('grid', { name: 'Respostas atrasadas' }));
    await userEvent.click(await delayed.findByRole('button', { name: 'Reenviar para Diego Ribeiro' }));
    await expect(await body().findByText('Questionário reenviado para Diego Ribeiro com um novo PIN.')).toBeVisible();
    await waitFor(() => expect(delayed.queryByRole('button', { name: 'Reenviar para Diego Ribeiro' })).toBeNull());
  },
};

/** With a quiz chosen, the answers of the period download as CSV (with the client and the weight, a number). */
export const ExportCsv: Story = {
  render: () => <PortalScreen path={`${NOVEMBER}&quizId=${WEEKLY.id}`} />,
  play: async ({ canvasElement }) => {
    const downloads: { name: string; blob: Blob }[] = [];
    const create = spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      downloads.push({ name: '', blob: blob as Blob });
      return 'blob:story';
    });
    // No real download in the test browser: remember the file name instead.
    const click = spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads[downloads.length - 1]!.name = this.download;
    });
    try {
      const canvas = within(canvasElement);
      await expect(
        await canvas.findByText(`Todas as respostas de “${WEEKLY.title}” de 01/11/2026 a 21/11/2026.`),
      ).toBeVisible();
      await userEvent.click(canvas.getByRole('button', { name: 'Exportar CSV' }));
      await expect(await body().findByText('Planilha CSV baixada.')).toBeVisible();
      await expect(downloads[0]!.name).toBe('respostas-acompanhamento-semanal.csv');
      const text = await downloads[0]!.blob.text();
      await expect(text).toContain('"Mariana Souza"');
      // The weight is a number Excel sums: bare, decimal comma, the unit in the column's header.
      await expect(text).toContain('"Qual é o seu peso hoje? (kg)"');
      await expect(text).toMatch(/;76,8;/);
      await expect(text).not.toContain('76,8 kg');
    } finally {
      create.mockRestore();
      click.mockRestore();
    }
  },
};

/** "Respostas a exportar": only the approved answers go into the file. */
export const ExportApprovedOnly: Story = {
  render: () => <PortalScreen path={`${NOVEMBER}&quizId=${WEEKLY.id}`} />,
  play: async ({ canvasElement }) => {
    const blobs: Blob[] = [];
    const create = spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:story';
    });
    const click = spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      const canvas = within(canvasElement);
      await userEvent.click(await canvas.findByRole('button', { name: /Respostas a exportar/ }));
      await userEvent.click(await body().findByRole('option', { name: 'Aprovadas' }));
      await expect(
        await canvas.findByText(`Respostas aprovadas de “${WEEKLY.title}” de 01/11/2026 a 21/11/2026.`),
      ).toBeVisible();
      await userEvent.click(canvas.getByRole('button', { name: 'Exportar CSV' }));
      await expect(await body().findByText('Planilha CSV baixada.')).toBeVisible();
      const text = await blobs[0]!.text();
      await expect(text).toContain('"Aprovada"');
      await expect(text).not.toContain('"Pendente"');
    } finally {
      create.mockRestore();
      click.mockRestore();
    }
  },
};

/** A period longer than 366 days: the field says so, and no figure of an earlier period stays on screen. */
export const PeriodTooLong: Story = {
  render: () => <PortalScreen path="/answers/report?from=2025-01-01&to=2026-11-21" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Escolha um período de até 366 dias para ver o relatório.')).toBeVisible();
    await expect(canvas.queryByRole('group', { name: 'Resumo do período' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Exportar CSV' })).toBeDisabled();
  },
};

export const NothingSent: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get('*/api/answer-revision/status-report', () =>
          HttpResponse.json({
            ...november,
            buckets: [],
            totals: { answered: 0, pending: 0, delayed: 0, cancelled: 0, expired: 0, total: 0 },
            answerRate: null,
            byQuiz: [],
          }),
        ),
        http.get('*/api/answer-revision/delayed', () => HttpResponse.json({ items: [], total: 0 })),
        ...answersHandlerList,
        ...schedulingHandlerList,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Nenhum questionário enviado no período' })).toBeVisible();
    await expect(figure(canvasElement, 'Taxa de resposta')).toHaveTextContent('—');
    await expect(await canvas.findByRole('heading', { name: 'Nenhuma resposta atrasada' })).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        pendingHandler('get', '/answer-revision/status-report'),
        ...answersHandlerList,
        ...schedulingHandlerList,
      ],
    },
  },
  play: async () => {
    await expect(await body().findByRole('status', { name: 'Carregando…' })).toBeInTheDocument();
  },
};

export const ServerError: Story = {
  parameters: {
    msw: {
      handlers: [
        errorHandler('get', '/answer-revision/status-report', 'INTERNAL_ERROR'),
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

/** On a phone each late request is a card whose every value says what it is (not "2 dias / Não começou / 1"). */
export const PhoneDelayed: Story = {
  beforeEach: asPhone,
  render: () => (
    <PhoneFrame>
      <PortalScreen path={NOVEMBER} />
    </PhoneFrame>
  ),
  play: async ({ canvasElement }) => {
    const delayed = within(await within(canvasElement).findByRole('grid', { name: 'Respostas atrasadas' }));
    const diego = (await delayed.findByRole('rowheader', { name: 'Diego Ribeiro' })).closest<HTMLElement>(
      '[role="row"]',
    )!;
    // How long it waits depends on today: the late list counts from the moment it was sent.
    await expect(cardLines(diego)).toEqual([
      'Diego Ribeiro',
      `Questionário: ${WEEKLY.title}`,
      expect.stringMatching(/^Enviado em: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} · (WhatsApp|E-mail)$/),
      expect.stringMatching(/^Sem resposta há: (\d+ dias?|hoje)$/),
      expect.stringMatching(/^Andamento: (Não começou|Começou a responder)$/),
      expect.stringMatching(/^Envios: \d+$/),
      'Reenviar',
    ]);
    await expect(fitsSideways(canvasElement)).toBe(true);
    await expect(smallLinks(canvasElement)).toEqual([]);
  },
};
