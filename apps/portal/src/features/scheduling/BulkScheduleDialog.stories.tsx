import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import {
  errorBody,
  errorHandler,
  resetSchedulingState,
  schedulingHandlerList,
  schedulingPatientFixtures,
  schedulingQuizFixtures,
  setBulkStatusFixture,
} from '@acompanha/api-client/mocks';
import type { PatientPage } from '@acompanha/api-client';
import { Button, Text, toastQueue } from '@acompanha/ui';
import { queryClient } from '../../app/queryClient';
import { resetPortal } from '../../storybook/PortalScreen';
import { BulkScheduleDialog, type BulkScheduleDialogProps } from './BulkScheduleDialog';

const QUIZ = schedulingQuizFixtures[0]!;
const body = () => within(document.body);
const dialog = async () => within(await body().findByRole('dialog'));

/** The dialog as a screen opens it; closing it leaves a button to open it again. */
function BulkStory(props: Partial<BulkScheduleDialogProps>) {
  const [isOpen, setOpen] = useState(true);
  return (
    <QueryClientProvider client={queryClient}>
      {isOpen ? null : (
        <>
          <Text>Janela fechada.</Text>
          <Button onPress={() => setOpen(true)}>Abrir de novo</Button>
        </>
      )}
      <BulkScheduleDialog
        quiz={{ id: QUIZ.id, title: QUIZ.title }}
        pollIntervalMs={150}
        {...props}
        isOpen={isOpen}
        onClose={() => setOpen(false)}
      />
    </QueryClientProvider>
  );
}

const meta = {
  title: 'Screens/Quizzes/Bulk scheduling',
  component: BulkScheduleDialog,
  tags: ['autodocs'],
  args: { isOpen: true, onClose: fn(), quiz: { id: QUIZ.id, title: QUIZ.title } },
  parameters: { layout: 'fullscreen', msw: { handlers: schedulingHandlerList } },
  beforeEach: () => {
    resetPortal({ signedIn: true });
    resetSchedulingState();
    for (const toast of toastQueue.visibleToasts) toastQueue.close(toast.key);
  },
  render: (args) => <BulkStory kind={args.kind} patientIds={args.patientIds} skipPatientStep={args.skipPatientStep} />,
} satisfies Meta<typeof BulkScheduleDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

async function pick(d: ReturnType<typeof within>, name: string) {
  const search = d.getByRole('searchbox', { name: 'Buscar por nome' });
  await userEvent.clear(search);
  await userEvent.type(search, name);
  const row = await d.findByRole('row', { name: new RegExp(name) });
  await waitFor(() => expect(d.getAllByRole('row')).toHaveLength(2));
  await userEvent.click(within(row).getByRole('checkbox'));
}

/** Patients are picked on the list and by search; the selection survives a new search. */
export const Default: Story = {
  play: async () => {
    const d = await dialog();
    await waitFor(async () => expect(await d.findByText('Passo 1 de 2 · Escolha os clientes')).toBeVisible());
    await expect(d.getByRole('button', { name: 'Continuar' })).toBeDisabled();
    const grid = await d.findByRole('grid', { name: 'Clientes para agendar' });
    await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(11));
    await userEvent.click(within(within(grid).getAllByRole('row')[1]!).getByRole('checkbox'));
    await pick(d, 'Mariana');
    await expect(d.getByText('2 clientes selecionados.')).toBeVisible();
    await userEvent.click(d.getByRole('button', { name: 'Continuar' }));
    await expect(await d.findByText('Passo 2 de 2 · Quando e como enviar')).toBeVisible();
    await expect(d.getByRole('button', { name: 'Agendar para 2 clientes' })).toBeVisible();
  },
};

/**
 * Weekly on Monday and Wednesday for two patients: the progress of the background process, the
 * patient it could not schedule (no active service), "Entendi".
 */
export const ScheduleAndFollow: Story = {
  args: { patientIds: [schedulingPatientFixtures[0]!.id, schedulingPatientFixtures[1]!.id], skipPatientStep: true },
  play: async () => {
    const d = await dialog();
    await userEvent.click(await d.findByRole('radio', { name: 'Semanal' }));
    await userEvent.click(d.getByRole('checkbox', { name: 'segunda-feira' }));
    await userEvent.click(d.getByRole('checkbox', { name: 'quarta-feira' }));
    await expect(d.getByText(/Toda semana: segunda e quarta às \d\d:00/)).toBeVisible();
    await userEvent.click(d.getByRole('button', { name: 'Agendar para 2 clientes' }));

    await expect(await d.findByRole('progressbar', { name: 'Agendando em segundo plano' })).toBeVisible();
    await expect(await d.findByText('1 cliente agendado')).toBeVisible();
    const left = within(d.getByRole('grid', { name: 'Clientes não agendados' }));
    await expect(left.getByRole('rowheader', { name: 'Carlos Pereira' })).toBeVisible();
    await expect(left.getByText('Este cliente não tem um serviço ativo.')).toBeVisible();
    await userEvent.click(d.getByRole('button', { name: 'Entendi' }));
    await expect(await body().findByText('Janela fechada.')).toBeVisible();
  },
};

/** "Select all N" takes every patient of the filter across pages, minus the ones unticked. */
export const SelectAllOfFilter: Story = {
  play: async () => {
    const d = await dialog();
    const total = schedulingPatientFixtures.filter((p) => p.status === 'active').length;
    const grid = await d.findByRole('grid', { name: 'Clientes para agendar' });
    await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(11));
    await userEvent.click(within(grid).getByRole('checkbox', { name: 'Selecionar tudo' }));
    await expect(d.getByText('10 clientes selecionados.')).toBeVisible();
    await userEvent.click(d.getByRole('button', { name: `Selecionar todos os ${total} clientes do filtro` }));
    await expect(d.getByText(`Todos os ${total} clientes do filtro estão selecionados.`)).toBeVisible();
    const first = within(grid).getAllByRole('row')[1]!;
    await userEvent.click(within(first).getByRole('checkbox'));
    await expect(d.getByText(`${total - 1} clientes do filtro selecionados.`)).toBeVisible();
    await userEvent.click(d.getByRole('button', { name: 'Continuar' }));
    await userEvent.click(await d.findByRole('button', { name: `Agendar para ${total - 1} clientes` }));
    await expect(await d.findByText(/clientes agendados$/)).toBeVisible();
  },
};

/** A common name matches more than the API counts: no "select all" of a number it does not know. */
export const SelectAllOfCommonName: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get('*/api/patient', () =>
          HttpResponse.json({
            items: schedulingPatientFixtures.filter((p) => p.status === 'active').slice(0, 10),
            total: 1000,
            totalCapped: true,
          } satisfies PatientPage),
        ),
        ...schedulingHandlerList,
      ],
    },
  },
  play: async () => {
    const d = await dialog();
    const grid = await d.findByRole('grid', { name: 'Clientes para agendar' });
    await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(11));
    await expect(d.getByText('Mostrando 1–10 de mais de 1.000')).toBeVisible();
    await userEvent.click(within(grid).getByRole('checkbox', { name: 'Selecionar tudo' }));
    await expect(d.getByText('10 clientes selecionados.')).toBeVisible();
    await expect(d.getByText('Mais de 1.000 clientes nesta busca: refine o nome para selecionar todos.')).toBeVisible();
    await expect(d.queryByRole('button', { name: /^Selecionar todos os/ })).toBeNull();
    await expect(d.getByRole('button', { name: 'Próxima página' })).toBeEnabled();
  },
};

/** The form says what is wrong before anything is sent. */
export const InvalidRecurrence: Story = {
  args: { patientIds: [schedulingPatientFixtures[0]!.id], skipPatientStep: true },
  play: async () => {
    const d = await dialog();
    await expect(await d.findByText('Quando e como enviar')).toBeVisible();
    await expect(d.queryByRole('button', { name: 'Voltar' })).toBeNull();
    await userEvent.click(d.getByRole('radio', { name: 'Semanal' }));
    await userEvent.click(d.getByRole('button', { name: 'Agendar para 1 cliente' }));
    await expect(await d.findByText('Escolha pelo menos um dia da semana.')).toBeVisible();
    await userEvent.click(d.getByRole('radio', { name: 'A cada N dias' }));
    const interval = d.getByRole('textbox', { name: /Intervalo/ });
    await userEvent.clear(interval);
    await userEvent.tab();
    await expect(await d.findByText('Informe um intervalo entre 1 e 365 dias.')).toBeVisible();
  },
};

/** Unknown patients: the API's `details` reach the dialog without a toast (central handler pass-through). */
export const RefusedPatients: Story = {
  args: { patientIds: [schedulingPatientFixtures[0]!.id, schedulingPatientFixtures[2]!.id], skipPatientStep: true },
  parameters: {
    msw: {
      handlers: [
        http.post('*/api/quiz/schedule/bulk-insert/:quizId', () => {
          const { body: error } = errorBody('WRONG_COMMAND_PARAMETERS', [
            { path: ['patientIds', '1'], message: `Cliente não encontrado: ${schedulingPatientFixtures[2]!.id}.` },
          ]);
          return HttpResponse.json(
            { ...error, message: 'Um dos clientes informados não foi encontrado.' },
            { status: 400 },
          );
        }),
        ...schedulingHandlerList,
      ],
    },
  },
  play: async () => {
    const d = await dialog();
    await userEvent.click(await d.findByRole('button', { name: 'Agendar para 2 clientes' }));
    await expect(await d.findByText('Alguns clientes não puderam ser incluídos')).toBeVisible();
    await expect(d.getByText('Um dos clientes informados não foi encontrado.')).toBeVisible();
    const list = within(d.getByRole('list', { name: 'Clientes recusados' }));
    await expect(list.getByText(`Cliente não encontrado: ${schedulingPatientFixtures[2]!.id}.`)).toBeVisible();
    await expect(
      body().queryByText('Alguns dados enviados estão incorretos. Confira os campos e tente novamente.'),
    ).toBeNull();
  },
};

/** A start date the API refuses (the clock moved past midnight) is said under the field. */
export const StartDateRefused: Story = {
  args: { patientIds: [schedulingPatientFixtures[0]!.id], skipPatientStep: true },
  parameters: {
    msw: {
      handlers: [
        errorHandler('post', '/quiz/schedule/bulk-insert/:quizId', 'WRONG_START_DATE'),
        ...schedulingHandlerList,
      ],
    },
  },
  play: async () => {
    const d = await dialog();
    await userEvent.click(await d.findByRole('button', { name: 'Agendar para 1 cliente' }));
    await expect(await d.findByText('Escolha uma data a partir de hoje.')).toBeVisible();
    await expect(body().queryByText('A data de início é inválida. Escolha uma data a partir de hoje.')).toBeNull();
  },
};

/** Opened while a process runs: its progress is followed to the end. */
export const AlreadyRunning: Story = {
  beforeEach: () => {
    resetSchedulingState({ bulkStep: 150 });
    setBulkStatusFixture({
      quizId: QUIZ.id,
      kind: 'insert',
      state: 'processing',
      total: 600,
      processed: 150,
      details: [],
      startedAt: '2026-11-21T12:00:00.000Z',
      finishedAt: null,
    });
  },
  play: async () => {
    const d = await dialog();
    // Every status read moves the mock process 150 patients on.
    const bar = await d.findByRole('progressbar', { name: 'Agendando em segundo plano' });
    await expect(bar).toHaveAttribute('aria-valuetext', '300 de 600 clientes');
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuetext', '450 de 600 clientes'));
    await expect(await d.findByText('600 clientes agendados')).toBeVisible();
  },
};

/** Closing while it runs: the process goes on, and the dialog says so. */
export const CloseWhileRunning: Story = {
  beforeEach: () => {
    resetSchedulingState({ bulkStep: 1 });
    setBulkStatusFixture({
      quizId: QUIZ.id,
      kind: 'insert',
      state: 'processing',
      total: 900,
      processed: 3,
      details: [],
      startedAt: null,
      finishedAt: null,
    });
  },
  play: async () => {
    const d = await dialog();
    await d.findByRole('progressbar', { name: 'Agendando em segundo plano' });
    await userEvent.click(d.getByRole('button', { name: 'Continuar em segundo plano' }));
    await expect(await body().findByText('O agendamento em massa continua em segundo plano.')).toBeVisible();
    await expect(body().getByText('Janela fechada.')).toBeVisible();
  },
};

/** The result of an earlier process is shown first; acknowledging it leads on to a new one. */
export const EarlierResult: Story = {
  beforeEach: () => {
    setBulkStatusFixture({
      quizId: QUIZ.id,
      kind: 'insert',
      state: 'done',
      total: 120,
      processed: 120,
      details: [
        {
          patientId: schedulingPatientFixtures[1]!.id,
          patientName: 'Carlos Pereira',
          application_error_code: 'PATIENT_WITHOUT_ACTIVE_SERVICE_ERROR',
          message: 'Este cliente não tem um serviço ativo.',
        },
        {
          patientId: schedulingPatientFixtures[11]!.id,
          patientName: schedulingPatientFixtures[11]!.name,
          application_error_code: 'DELIVERY_RULE_EXCEPTION',
          message: 'O cliente não tem e-mail cadastrado.',
        },
      ],
      startedAt: '2026-11-20T12:00:00.000Z',
      finishedAt: '2026-11-20T12:01:00.000Z',
    });
  },
  play: async () => {
    const d = await dialog();
    await expect(await d.findByText(/Resultado da última operação em massa/)).toBeVisible();
    await expect(d.getByText('118 clientes agendados')).toBeVisible();
    await expect(d.getByText('O cliente não tem e-mail cadastrado.')).toBeVisible();
    await userEvent.click(d.getByRole('button', { name: 'Entendi' }));
    await expect(await d.findByText('Passo 1 de 2 · Escolha os clientes')).toBeVisible();
  },
};

/** The status cannot be read several times in a row: the dialog says so, without toasts, and can retry. */
export const PollFailed: Story = {
  args: { patientIds: [schedulingPatientFixtures[0]!.id], skipPatientStep: true },
  beforeEach: ({ msw }) => {
    let reads = 0;
    msw.use(
      http.get('*/api/quiz/schedule/bulk-insert/status/:quizId', ({ params }) => {
        reads += 1;
        const quizId = String(params.quizId);
        if (reads === 1)
          return HttpResponse.json({
            quizId,
            kind: null,
            state: 'idle',
            total: 0,
            processed: 0,
            details: [],
            startedAt: null,
            finishedAt: null,
          });
        if (reads <= 6) return HttpResponse.json(errorBody('INTERNAL_ERROR').body, { status: 500 });
        return HttpResponse.json({
          quizId,
          kind: 'insert',
          state: 'done',
          total: 1,
          processed: 1,
          details: [],
          startedAt: null,
          finishedAt: null,
        });
      }),
    );
  },
  play: async () => {
    const d = await dialog();
    await userEvent.click(await d.findByRole('button', { name: 'Agendar para 1 cliente' }));
    await expect(await d.findByText('Não conseguimos consultar o andamento')).toBeVisible();
    await expect(
      body().queryByText('Ops, houve um erro inesperado. Por favor, tente novamente mais tarde.'),
    ).toBeNull();
    await userEvent.click(d.getByRole('button', { name: 'Tentar novamente' }));
    await expect(await d.findByText('1 cliente agendado')).toBeVisible();
  },
};

/** A process the server gave up on lands in its own state, acknowledged like a result. */
export const ProcessFailed: Story = {
  beforeEach: () => {
    setBulkStatusFixture({
      quizId: QUIZ.id,
      kind: 'insert',
      state: 'failed',
      total: 800,
      processed: 500,
      details: [],
      startedAt: null,
      finishedAt: null,
    });
  },
  play: async () => {
    const d = await dialog();
    await expect(await d.findByText('A operação em massa não terminou')).toBeVisible();
    await expect(d.getByText(/Foram processados 500 de 800 clientes antes da falha/)).toBeVisible();
  },
};
