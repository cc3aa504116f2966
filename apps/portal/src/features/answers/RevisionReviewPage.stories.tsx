import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  answerRevisionsState,
  answersHandlerList,
  errorHandler,
  MARIANA_PREVIOUS_REVISION_ID,
  marianaInitialScheduleFixture,
  marianaWeeklyScheduleFixture,
  pendingHandler,
  practicePatientFixture,
  resetAnswersState,
  resetSchedulingState,
  schedulingExtraPatientFixtures,
  schedulingHandlerList,
} from '@acompanha/api-client/mocks';
import { toastQueue } from '@acompanha/ui';
import { PortalScreen, resetPortal } from '../../storybook/PortalScreen';
import { RevisionReviewPage } from './RevisionReviewPage';

const MARIANA = practicePatientFixture.id;
const weeklyPath = `/clients/profile/${MARIANA}/quiz/${marianaWeeklyScheduleFixture.id}`;
const body = () => within(document.body);

const meta = {
  title: 'Screens/Answers/Review',
  component: RevisionReviewPage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', msw: { handlers: [...answersHandlerList, ...schedulingHandlerList] } },
  beforeEach: () => {
    resetPortal({ signedIn: true, pendingAnswers: 'fetch' });
    resetSchedulingState();
    resetAnswersState();
    for (const toast of toastQueue.visibleToasts) toastQueue.close(toast.key);
  },
  render: () => <PortalScreen path={weeklyPath} />,
} satisfies Meta<typeof RevisionReviewPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The answer card of a question. */
const card = async (canvasElement: HTMLElement, title: string) =>
  within(await within(canvasElement).findByRole('article', { name: title }));

/**
 * Mariana's latest weekly check-in: every answer beside the previous one ("Alterado" where it
 * changed), the sub-question under its parent, photos as thumbnails, the PDF to download, the charts.
 */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Acompanhamento semanal' })).toBeVisible();
    await expect(canvas.getByText('Respondido por Mariana Souza em 19/11/2026 10:30.')).toBeVisible();
    await expect(await canvas.findByRole('link', { name: 'Respostas recebidas 24 pendentes' })).toBeVisible();

    const weight = await card(canvasElement, 'Qual é o seu peso hoje?');
    await expect(weight.getByText('76,2 kg')).toBeVisible();
    await expect(weight.getByText('Resposta anterior · 12/11/2026')).toBeVisible();
    await expect(weight.getByText('76,8 kg')).toBeVisible();
    await expect(weight.getByText('Alterado')).toBeVisible();
    await expect(canvas.getByText(/alterada(s)? desde a resposta anterior$/)).toBeVisible();

    const food = await card(canvasElement, 'Qual alimento?');
    await expect(food.getByText('Aberta pela resposta “Sim”')).toBeVisible();
    await expect(food.getByText('Sem alteração')).toBeVisible();

    const photos = await card(canvasElement, 'Envie fotos das suas refeições');
    await expect(photos.getByRole('img', { name: 'Foto enviada: almoco.jpg' })).toBeVisible();
    await expect(photos.getByRole('link', { name: 'Baixar exame-de-sangue.pdf' })).toHaveAttribute(
      'download',
      'exame-de-sangue.pdf',
    );

    await expect(await canvas.findByRole('figure', { name: 'Qual é o seu peso hoje? (kg)' })).toBeVisible();
    await expect(canvas.getByText('De 78,4 kg em 15/10/2026 para 76,2 kg em 19/11/2026 (−2,2 kg).')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Imprimir' })).toHaveAttribute(
      'href',
      expect.stringContaining('/print?revisionId='),
    );
  },
};

/** Every chart has its data as a table, one press away. */
export const ChartAsTable: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Ver dados em tabela: Qual é o seu peso hoje? (kg)' }),
    );
    const table = within(canvas.getByRole('table', { name: 'Dados de Qual é o seu peso hoje? (kg)' }));
    await expect(table.getAllByRole('row')).toHaveLength(8);
    await expect(table.getByRole('rowheader', { name: '19/11/2026' })).toBeVisible();
    await expect(table.getByText('76,2 kg')).toBeVisible();
  },
};

/** Approve, then set it back to pending: the badge, the button and the drawer count follow. */
export const ApproveAndBackToPending: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Aprovar' }));
    await expect(await canvas.findByText(/^Aprovada em /)).toBeVisible();
    await expect(canvas.getByText('Concluída')).toBeVisible();
    await expect(await canvas.findByRole('link', { name: 'Respostas recebidas 23 pendentes' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Voltar para pendente' }));
    await expect(await canvas.findByText('Aguardando a sua revisão.')).toBeVisible();
    await expect(await canvas.findByRole('button', { name: 'Aprovar' })).toBeVisible();
    await waitFor(() =>
      expect(
        answerRevisionsState().find(
          (r) => r.quizScheduleId === marianaWeeklyScheduleFixture.id && r.status === 'pending',
        ),
      ).toBeTruthy(),
    );
  },
};

/** Approved: "Próxima pendente" opens the newest answer still waiting, without going back to the list. */
export const ApproveThenNextPending: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('link', { name: /^Próxima pendente/ })).toBeNull();
    await userEvent.click(await canvas.findByRole('button', { name: 'Aprovar' }));
    const next = await canvas.findByRole('link', { name: /^Próxima pendente: / });
    const [, quizTitle, patientName] = /^Próxima pendente: (.+) de (.+)$/.exec(next.getAttribute('aria-label') ?? '')!;
    await userEvent.click(next);
    await expect(await canvas.findByText(`Respondido por ${patientName}`, { exact: false })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1, name: quizTitle })).toBeVisible();
    await expect(canvas.getByText('Aguardando a sua revisão.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Aprovar' })).toBeVisible();
  },
};

/** The last one approved: nothing else waits. */
export const ApproveTheLastPending: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get('*/api/answer-revision/pending', () => HttpResponse.json({ items: [], total: 0 })),
        ...answersHandlerList,
        ...schedulingHandlerList,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Aprovar' }));
    await expect(await canvas.findByText('Nenhuma outra resposta aguardando revisão.')).toBeVisible();
    await expect(canvas.queryByRole('link', { name: /^Próxima pendente/ })).toBeNull();
  },
};

/** An approved answer (the week before), opened from the link "← Resposta anterior". */
export const PreviousAnswer: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('link', { name: '← Resposta anterior' }));
    await expect(await canvas.findByText('Respondido por Mariana Souza em 12/11/2026 10:30.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Voltar para pendente' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Próxima resposta →' })).toBeVisible();
    await expect(
      canvas.getByText('Boa evolução: perdeu 0,7 kg na semana. Manter o café da manhã reforçado.'),
    ).toBeVisible();
  },
};

export const AddNote: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/Nenhuma anotação ainda/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Adicionar anotação' }));
    await expect(await canvas.findByText('Escreva a anotação.')).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Nova anotação' }), 'Reduzir doces');
    await userEvent.click(canvas.getByRole('button', { name: 'Adicionar anotação' }));
    await expect(await canvas.findByText('Anotação adicionada.')).toBeInTheDocument();
    await expect(
      within(await canvas.findByRole('list', { name: 'Anotações' })).getByText('Reduzir doces'),
    ).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Nova anotação' })).toHaveValue('');
  },
};

const previousPath = `${weeklyPath}?revisionId=${MARIANA_PREVIOUS_REVISION_ID}`;

export const EditNote: Story = {
  render: () => <PortalScreen path={previousPath} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /^Editar anotação de/ }));
    const field = canvas.getByRole('textbox', { name: 'Editar anotação' });
    await userEvent.clear(field);
    await userEvent.type(field, 'Manter o plano');
    await userEvent.click(canvas.getByRole('button', { name: 'Salvar anotação' }));
    await expect(await canvas.findByText('Anotação atualizada.')).toBeInTheDocument();
    await expect(await canvas.findByText('Manter o plano')).toBeVisible();
    await expect(canvas.getByText(/\(editada\)$/)).toBeVisible();
  },
};

export const DeleteNote: Story = {
  render: () => <PortalScreen path={previousPath} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /^Excluir anotação de/ }));
    const confirm = within(await body().findByRole('alertdialog', { name: 'Excluir anotação?' }));
    // The dialog fades in: wait for it to be fully shown.
    await waitFor(() => expect(confirm.getByText(/Boa evolução/)).toBeVisible());
    await userEvent.click(confirm.getByRole('button', { name: 'Excluir' }));
    await expect(await canvas.findByText('Anotação excluída.')).toBeInTheDocument();
    await waitFor(() => expect(canvas.getByText(/Nenhuma anotação ainda/)).toBeVisible());
    await waitFor(() => expect(body().queryByRole('alertdialog', { name: 'Excluir anotação?' })).toBeNull());
  },
};

/** A quiz without metrics over time still shows its answers; its first answer has nothing to compare. */
export const FirstAnswer: Story = {
  render: () => <PortalScreen path={`/clients/profile/${MARIANA}/quiz/${marianaInitialScheduleFixture.id}`} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Avaliação inicial' })).toBeVisible();
    const weight = await card(canvasElement, 'Qual é o seu peso hoje?');
    await expect(weight.getByText('Primeira resposta a esta pergunta.')).toBeVisible();
    await expect(weight.queryByText('Alterado')).toBeNull();
    await expect(canvas.queryByRole('navigation', { name: 'Outras respostas deste questionário' })).toBeNull();
    // Nothing earlier to compare with: no "nenhuma alterada desde a resposta anterior".
    await expect(canvas.getByText(/· primeira resposta deste questionário$/)).toBeVisible();
    await expect(canvas.queryByText(/desde a resposta anterior/)).toBeNull();
  },
};

/** A schedule sent and not answered yet: its own message and the way back to the client. */
export const NotAnswered: Story = {
  render: () => (
    <PortalScreen
      path={`/clients/profile/${schedulingExtraPatientFixtures[0]!.id}/quiz/4d5e6f70-0000-4a00-8000-000000000200`}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 2, name: 'Este questionário ainda não foi respondido' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Voltar para o cliente' })).toBeVisible();
    await expect(body().queryByRole('alert')).toBeNull();
  },
};

export const NotFound: Story = {
  render: () => <PortalScreen path={`${weeklyPath}?revisionId=00000000-0000-4000-8000-000000000000`} />,
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { level: 2, name: 'Não encontramos esta resposta' }),
    ).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        pendingHandler('get', '/answer-revision/patient/:patientId/quizSchedule/:scheduleId'),
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
        errorHandler('get', '/answer-revision/patient/:patientId/quizSchedule/:scheduleId', 'INTERNAL_ERROR'),
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
