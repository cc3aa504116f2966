import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { QuizPage } from '@acompanha/api-client';
import { pendingHandler, quizFixture, resetSchedulingState, schedulingHandlerList } from '@acompanha/api-client/mocks';
import { QuizzesPage } from './QuizzesPage';
import { PortalScreen, resetPortal } from '../../storybook/PortalScreen';

const page: QuizPage = {
  items: [
    { ...quizFixture, questionCount: quizFixture.chosenQuestions.length },
    {
      ...quizFixture,
      id: '0b7c2f0e-1d5a-4c52-9a51-3d1f6f0c2a11',
      title: 'Avaliação inicial',
      description: null,
      questionCount: 12,
    },
  ].map(({ questions: _q, appearance: _a, ...quiz }) => quiz) as QuizPage['items'],
  total: 2,
};

const list = http.get('*/api/quiz', () => HttpResponse.json(page));

const meta = {
  title: 'Screens/Quizzes/Quizzes',
  component: QuizzesPage,
  tags: ['autodocs'],
  parameters: {
    layout: 'fullscreen',
    msw: {
      handlers: [
        list,
        http.post('*/api/quiz/:id/duplicate', async () => {
          await delay(50);
          return HttpResponse.json(
            { ...page.items[0], id: 'c0c0c0c0-0000-4000-8000-000000000001', title: 'Acompanhamento semanal (cópia)' },
            { status: 201 },
          );
        }),
        http.delete('*/api/quiz/:id', async () => {
          await delay(50);
          return HttpResponse.json({ ...page.items[1], isActive: false });
        }),
      ],
    },
  },
  beforeEach: () => resetPortal({ signedIn: true }),
  render: () => <PortalScreen path="/quizzes" />,
} satisfies Meta<typeof QuizzesPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Questionários' })).toBeVisible();
    await expect(await canvas.findByText('Avaliação inicial')).toBeVisible();
    await expect(canvas.getAllByText('Ativo').length).toBe(2);
    // The title opens the questionnaire.
    const link = canvas.getByRole('link', { name: 'Avaliação inicial' });
    await expect(link.getAttribute('href')).toMatch(/^\/quiz-builder\/[0-9a-f-]{36}$/);
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [http.get('*/api/quiz', () => HttpResponse.json({ items: [], total: 0 }))] } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { name: 'Nenhum questionário ainda' }),
    ).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [pendingHandler('get', '/quiz')] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Carregando questionários…')).toBeInTheDocument();
  },
};

export const Duplicate: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Ações de Avaliação inicial' }));
    await userEvent.click(await within(document.body).findByRole('menuitem', { name: 'Duplicar' }));
    await expect(
      await within(document.body).findByText('Cópia criada: “Acompanhamento semanal (cópia)”.'),
    ).toBeVisible();
  },
};

export const DisableWithConfirmation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Ações de Avaliação inicial' }));
    await userEvent.click(await within(document.body).findByRole('menuitem', { name: 'Desativar' }));
    const dialog = await within(document.body).findByRole('alertdialog', { name: 'Desativar questionário?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Desativar' }));
    await expect(await within(document.body).findByText(/Questionário desativado/)).toBeVisible();
  },
};

/** From a quiz's menu: one patient (chosen in the dialog) or many (the bulk flow). */
export const ScheduleFromQuiz: Story = {
  parameters: { msw: { handlers: [list, ...schedulingHandlerList] } },
  beforeEach: () => resetSchedulingState(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(document.body);
    await userEvent.click(await canvas.findByRole('button', { name: 'Ações de Acompanhamento semanal' }));
    await userEvent.click(await body.findByRole('menuitem', { name: 'Agendar para um cliente' }));
    const one = within(await body.findByRole('dialog', { name: 'Agendar questionário' }));
    await waitFor(() => expect(one.getByText('Acompanhamento semanal')).toBeVisible());
    await expect(one.getByRole('combobox', { name: /Cliente/ })).toBeVisible();
    await userEvent.click(one.getByRole('button', { name: 'Cancelar' }));

    await userEvent.click(canvas.getByRole('button', { name: 'Ações de Acompanhamento semanal' }));
    await userEvent.click(await body.findByRole('menuitem', { name: 'Agendar para vários clientes' }));
    const many = within(
      await body.findByRole('dialog', { name: 'Agendar “Acompanhamento semanal” para vários clientes' }),
    );
    await expect(await many.findByText('Passo 1 de 2 · Escolha os clientes')).toBeVisible();
  },
};
