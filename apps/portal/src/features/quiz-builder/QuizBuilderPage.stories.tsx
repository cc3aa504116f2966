import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { http } from 'msw';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ChosenQuestion } from '@acompanha/api-client';
import {
  errorHandler,
  pagedListHandler,
  pendingHandler,
  quizBankQuestionFixtures,
  quizBuilderHandlers,
  quizFixture,
} from '@acompanha/api-client/mocks';
import { FullScreenSpinner, Page, Text, toastQueue } from '@acompanha/ui';
import { QuizBuilderPage, quizBuilderLoader } from './QuizBuilderPage';
import { resetPortal } from '../../storybook/PortalScreen';
import { queryClient } from '../../app/queryClient';
import { RouteErrorPage } from '../../app/RouteErrorPage';

type Router = ReturnType<typeof createMemoryRouter>;
/** The story's router, so a play function can leave the screen or read the address. */
let currentRouter: Router | null = null;

function Layout() {
  return (
    <main css={{ padding: 'var(--space-5)' }}>
      <Outlet />
    </main>
  );
}

/**
 * The builder's two routes in a memory router, wrapped as `PortalScreen` wraps the app (until the
 * lead wires `/quiz-builder` into the route table), plus another screen to leave to.
 */
function BuilderScreen({ path }: { path: string }) {
  const [router] = useState(() =>
    createMemoryRouter(
      [
        {
          Component: Layout,
          errorElement: <RouteErrorPage />,
          hydrateFallbackElement: <FullScreenSpinner />,
          children: [
            { path: 'quiz-builder', Component: QuizBuilderPage, loader: quizBuilderLoader },
            { path: 'quiz-builder/:quizId', Component: QuizBuilderPage, loader: quizBuilderLoader },
            {
              path: 'quizzes',
              element: (
                <Page title="Questionários">
                  <Text>Lista de questionários.</Text>
                </Page>
              ),
            },
          ],
        },
      ],
      { initialEntries: [path] },
    ),
  );
  currentRouter = router;
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}

/** Bodies the quiz was saved with, newest last. */
let savedBodies: { method: string; body: { chosenQuestions?: ChosenQuestion[]; title?: string } }[] = [];
const recordSaves = [
  http.post('*/api/quiz', async ({ request }) => {
    savedBodies.push({ method: 'POST', body: (await request.clone().json()) as never });
    return undefined;
  }),
  http.put('*/api/quiz/:id', async ({ request }) => {
    savedBodies.push({ method: 'PUT', body: (await request.clone().json()) as never });
    return undefined;
  }),
];

const meta = {
  title: 'Screens/Quizzes/QuizBuilder',
  component: QuizBuilderPage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', msw: { handlers: [...recordSaves, ...quizBuilderHandlers] } },
  beforeEach: () => {
    resetPortal({ signedIn: true });
    savedBodies = [];
    // Toasts of an earlier story must not answer this one's assertions.
    for (const toast of toastQueue.visibleToasts) toastQueue.close(toast.key);
  },
  render: () => <BuilderScreen path="/quiz-builder" />,
} satisfies Meta<typeof QuizBuilderPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const existing = `/quiz-builder/${quizFixture.id}`;
const screen = (canvasElement: HTMLElement) => within(canvasElement);
const orderOf = (canvasElement: HTMLElement) =>
  within(screen(canvasElement).getByRole('list', { name: 'Ordem das perguntas' }))
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('data-question-id'));

async function openQuestionsTab(canvasElement: HTMLElement) {
  await userEvent.click(await screen(canvasElement).findByRole('tab', { name: 'Perguntas' }));
  return within(await screen(canvasElement).findByRole('list', { name: 'Perguntas do banco' }));
}

/** A new quiz: nothing to save yet, the bank offers every finished question and no draft. */
export const NewQuizEmpty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = screen(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Novo questionário' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Salvar' })).toBeDisabled();
    await expect(canvas.getByLabelText('Texto do botão')).toHaveValue('Começar');
    const bank = await openQuestionsTab(canvasElement);
    await expect(bank.getByRole('button', { name: 'Adicionar: Você comeu frutas hoje?' })).toBeEnabled();
    await expect(bank.queryByText('Quantos copos de água você bebeu?')).toBeNull();
    await expect(canvas.getByRole('heading', { name: 'Nenhuma pergunta no questionário' })).toBeVisible();
    const preview = within(canvas.getByRole('region', { name: 'Pré-visualização do questionário' }));
    await expect(preview.getByRole('button', { name: 'Começar' })).toBeVisible();
  },
};

/**
 * One "padrão": the account's default appearance is the first option, named; it is not listed again.
 * The cover's colours left blank show the colours of the appearance in effect.
 */
export const DefaultAppearanceAndCoverColours: Story = {
  play: async ({ canvasElement }) => {
    const canvas = screen(canvasElement);
    const select = await canvas.findByRole('button', { name: /Aparência/ });
    await waitFor(() => expect(select).toHaveTextContent('Padrão da conta (Verde consultório)'));
    await userEvent.click(select);
    const options = await within(document.body).findAllByRole('option');
    await expect(options.map((o) => o.textContent)).toEqual(['Padrão da conta (Verde consultório)', 'Rosa suave']);
    await expect(within(document.body).queryAllByRole('option', { name: /padrão/i })).toHaveLength(1);
    await userEvent.keyboard('{Escape}');

    // Blank: the appearance's own colours, said and shown.
    await expect(canvas.getByText('Em branco: #15803D, da aparência.')).toBeVisible();
    await expect(canvas.getByLabelText('Cor de fundo do botão')).toHaveAttribute('placeholder', '#15803D');
    // Choosing another appearance moves them.
    await userEvent.click(canvas.getByRole('button', { name: /Aparência/ }));
    await userEvent.click(await within(document.body).findByRole('option', { name: 'Rosa suave' }));
    await expect(await canvas.findByText('Em branco: #BE185D, da aparência.')).toBeVisible();
  },
};

/** A bank of 130 questions: the first 100 show, "Mostrar mais perguntas" brings the rest. */
const largeBank = Array.from({ length: 130 }, (_, i) => ({
  ...quizBankQuestionFixtures.find((q) => !q.draft)!,
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  title: `Pergunta ${String(i + 1).padStart(3, '0')}`,
  acronym: null,
}));
export const BankBeyondOnePage: Story = {
  parameters: {
    msw: {
      handlers: [pagedListHandler('/question', largeBank), ...quizBuilderHandlers],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = screen(canvasElement);
    const bank = await openQuestionsTab(canvasElement);
    await expect(bank.getAllByRole('listitem')).toHaveLength(100);
    await expect(canvas.getByText('Mostrando 100 de 130 perguntas.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Mostrar mais perguntas' }));
    await waitFor(() => expect(bank.getAllByRole('listitem')).toHaveLength(130));
    await expect(canvas.queryByRole('button', { name: 'Mostrar mais perguntas' })).toBeNull();
    await userEvent.click(bank.getByRole('button', { name: 'Adicionar: Pergunta 130' }));
    await expect(
      within(canvas.getByRole('list', { name: 'Ordem das perguntas' })).getByText('Pergunta 130'),
    ).toBeVisible();
  },
};

/** Questions go in from the bank and change places with the keyboard; focus follows the question. */
export const AddAndReorderByKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = screen(canvasElement);
    const bank = await openQuestionsTab(canvasElement);
    await userEvent.click(bank.getByRole('button', { name: 'Adicionar: Você comeu frutas hoje?' }));
    await userEvent.click(bank.getByRole('button', { name: 'Adicionar: Qual é o seu peso hoje?' }));
    await expect(bank.getByRole('button', { name: 'Adicionada: Você comeu frutas hoje?' })).toBeDisabled();
    await expect(canvas.getByText('Alterações não salvas')).toBeVisible();
    const [fruit, weight] = orderOf(canvasElement);

    const up = canvas.getByRole('button', { name: 'Mover para cima: Qual é o seu peso hoje?' });
    up.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(orderOf(canvasElement)).toEqual([weight, fruit]));
    // It is now first: its 'up' is disabled, so focus moved to its 'down' button.
    await waitFor(() =>
      expect(document.activeElement).toHaveAccessibleName('Mover para baixo: Qual é o seu peso hoje?'),
    );
    await expect(canvas.getByText('“Qual é o seu peso hoje?” agora é a pergunta 1 de 2.')).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(orderOf(canvasElement)).toEqual([fruit, weight]));

    await userEvent.click(canvas.getByRole('button', { name: 'Remover do questionário: Você comeu frutas hoje?' }));
    await waitFor(() => expect(orderOf(canvasElement)).toEqual([weight]));
  },
};

/** Disabling keeps the question in the flowchart but takes it out of what the client answers. */
export const EnableAndDisable: Story = {
  render: () => <BuilderScreen path={existing} />,
  play: async ({ canvasElement }) => {
    const canvas = screen(canvasElement);
    await openQuestionsTab(canvasElement);
    const weight = canvas.getByRole('listitem', { name: /Qual é o seu peso hoje\?/ });
    const toggle = within(weight).getByRole('switch', { name: 'Ativa no questionário' });
    await expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await expect(toggle).not.toBeChecked();
    await expect(within(weight).getByText('Desativada')).toBeVisible();
    await expect(canvas.getByText('Alterações não salvas')).toBeVisible();

    // The preview now runs through one question only.
    const preview = within(canvas.getByRole('region', { name: 'Pré-visualização do questionário' }));
    await userEvent.click(preview.getByRole('button', { name: 'Começar' }));
    await expect(await preview.findByRole('progressbar', { name: 'Pergunta 1 de 1' })).toBeInTheDocument();

    await userEvent.click(canvas.getByRole('button', { name: 'Descartar alterações' }));
    await expect(
      within(canvas.getByRole('listitem', { name: /Qual é o seu peso hoje\?/ })).getByRole('switch'),
    ).toBeChecked();
    await expect(canvas.getByRole('button', { name: 'Salvar' })).toBeDisabled();
  },
};

/** 'Sim' of the fruit question can open 'Qual alimento?': choosing it goes into the saved flowchart. */
export const ChooseSubQuestion: Story = {
  play: async ({ canvasElement }) => {
    const canvas = screen(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/Título do questionário/), 'Rotina alimentar');
    const bank = await openQuestionsTab(canvasElement);
    await userEvent.click(bank.getByRole('button', { name: 'Adicionar: Você comeu frutas hoje?' }));
    const sub = await canvas.findByRole('checkbox', { name: 'Incluir “Qual alimento?” quando a resposta for “Sim”' });
    await expect(sub).not.toBeChecked();
    await userEvent.click(sub);
    await expect(sub).toBeChecked();

    // In the preview, answering 'Sim' opens the sub-question.
    const preview = within(canvas.getByRole('region', { name: 'Pré-visualização do questionário' }));
    await userEvent.click(preview.getByRole('button', { name: 'Começar' }));
    await userEvent.click(await preview.findByRole('radio', { name: 'Sim' }));
    await userEvent.click(preview.getByRole('button', { name: 'Prosseguir' }));
    await expect(await preview.findByRole('heading', { name: 'Qual alimento?' })).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(savedBodies.some((s) => s.method === 'PUT')).toBe(true));
    const put = savedBodies.find((s) => s.method === 'PUT')!;
    await expect(put.body.chosenQuestions?.[0]?.subquestions).toEqual([{ id: '5a1c0f0e-1b2c-4d3e-8f40-000000000011' }]);
  },
};

/** The first save creates the quiz (title and cover), then saves its flowchart, and opens its own address. */
export const SaveSuccess: Story = {
  play: async ({ canvasElement }) => {
    const canvas = screen(canvasElement);
    const save = await canvas.findByRole('button', { name: 'Salvar' });
    await userEvent.type(canvas.getByLabelText('Subtítulo'), 'Leva 2 minutos');
    await userEvent.click(save);
    await expect(await canvas.findByText('Informe o título do questionário.')).toBeVisible();

    await userEvent.type(canvas.getByLabelText(/Título do questionário/), 'Check-in mensal');
    const bank = await openQuestionsTab(canvasElement);
    await userEvent.click(bank.getByRole('button', { name: 'Adicionar: Como está sua disposição?' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(currentRouter?.state.location.pathname).toMatch(/^\/quiz-builder\/[0-9a-f-]{36}$/));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Editar questionário' })).toBeVisible();
    await expect(await within(document.body).findByText('Questionário criado.')).toBeVisible();
    await expect(canvas.queryByText('Alterações não salvas')).toBeNull();
    await expect(savedBodies.map((s) => s.method)).toEqual(['POST', 'PUT']);
    await expect(savedBodies[0]!.body).toMatchObject({
      title: 'Check-in mensal',
      folder: { subtitle: 'Leva 2 minutos', buttonTitle: 'Começar' },
    });
    await expect(savedBodies[1]!.body.chosenQuestions).toEqual([
      { id: '5a1c0f0e-1b2c-4d3e-8f40-000000000003', enabled: true, subquestions: [] },
    ]);
    // Still on the questions tab, with the saved flowchart.
    await expect(await canvas.findByRole('list', { name: 'Ordem das perguntas' })).toBeVisible();
  },
};

/** The API refuses the flowchart: its message and each listed problem show, nothing typed is lost, retry is offered. */
export const SaveFailure: Story = {
  render: () => <BuilderScreen path={existing} />,
  parameters: {
    msw: {
      handlers: [
        errorHandler('put', '/quiz/:id', 'UPDATE_QUESTIONS_ERROR', [
          {
            path: ['chosenQuestions', '1', 'id'],
            message: 'A pergunta "Qual é o seu peso hoje?" é um rascunho e não pode ser adicionada ao questionário.',
          },
        ]),
        ...quizBuilderHandlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = screen(canvasElement);
    await openQuestionsTab(canvasElement);
    await userEvent.click(
      within(canvas.getByRole('listitem', { name: /Como está sua disposição\?/ })).getByRole('switch'),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Salvar' }));
    const alert = await canvas.findByText('Não foi possível atualizar as perguntas do questionário. Tente novamente.');
    await expect(alert).toBeVisible();
    await expect(
      canvas.getByText(
        'Pergunta 2 (“Qual é o seu peso hoje?”): A pergunta "Qual é o seu peso hoje?" é um rascunho e não pode ser adicionada ao questionário.',
      ),
    ).toBeVisible();
    await expect(canvas.getByText('Alterações não salvas')).toBeVisible();
    await expect(
      within(canvas.getByRole('listitem', { name: /Como está sua disposição\?/ })).getByRole('switch'),
    ).toBeChecked();
    await expect(canvas.getByRole('button', { name: 'Tentar novamente' })).toBeEnabled();
    // The screen shows the error itself: no toast repeats it.
    await expect(
      within(document.body).getAllByText('Não foi possível atualizar as perguntas do questionário. Tente novamente.'),
    ).toHaveLength(1);
  },
};

/** An existing quiz opens with its cover, appearance and flowchart, and saves only what changed. */
export const EditExistingQuiz: Story = {
  render: () => <BuilderScreen path={existing} />,
  play: async ({ canvasElement }) => {
    const canvas = screen(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Editar questionário' })).toBeVisible();
    await expect(canvas.getByLabelText(/Título do questionário/)).toHaveValue('Acompanhamento semanal');
    await expect(canvas.getByLabelText('Título da capa')).toHaveValue('Como foi a sua semana?');
    await expect(canvas.getByLabelText('Cor de fundo do botão')).toHaveValue('#BE185D');
    await waitFor(() => expect(canvas.getByRole('button', { name: /Aparência/ })).toHaveTextContent('Rosa suave'));
    await expect(canvas.getByRole('button', { name: 'Salvar' })).toBeDisabled();

    await openQuestionsTab(canvasElement);
    await expect(orderOf(canvasElement)).toEqual(quizFixture.chosenQuestions.map((c) => c.id));
    await expect(
      canvas.getByRole('checkbox', { name: 'Incluir “Qual alimento?” quando a resposta for “Sim”' }),
    ).toBeChecked();
    await expect(
      within(canvas.getByRole('listitem', { name: /Como está sua disposição\?/ })).getByRole('switch'),
    ).not.toBeChecked();

    // A bad colour blocks the save and says why.
    await userEvent.click(canvas.getByRole('tab', { name: 'Capa' }));
    const color = canvas.getByLabelText('Cor dos títulos');
    await userEvent.clear(color);
    await userEvent.type(color, 'rosa');
    await expect(await canvas.findByText('Use o formato hexadecimal, por exemplo #030712.')).toBeVisible();
    await userEvent.clear(color);
    await userEvent.type(color, '#831843');
    await userEvent.click(canvas.getByRole('button', { name: 'Salvar' }));
    await expect(await within(document.body).findByText('Alterações salvas.')).toBeVisible();
    await expect(savedBodies).toHaveLength(1);
    await expect(savedBodies[0]!.body).not.toHaveProperty('chosenQuestions');
    await expect(savedBodies[0]!.body).toMatchObject({ folder: { titlesColor: '#831843' } });
    await expect(canvas.getByRole('button', { name: 'Salvar' })).toBeDisabled();
  },
};

/** Leaving with unsaved edits asks first. */
export const UnsavedChangesGuard: Story = {
  render: () => <BuilderScreen path={existing} />,
  play: async ({ canvasElement }) => {
    const canvas = screen(canvasElement);
    const title = await canvas.findByLabelText(/Título do questionário/);
    await userEvent.type(title, ' (revisado)');
    void currentRouter?.navigate('/quizzes');
    const body = within(document.body);
    const dialog = await body.findByRole('alertdialog', { name: 'Sair sem salvar?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(body.queryByRole('alertdialog')).toBeNull());
    await expect(canvas.getByLabelText(/Título do questionário/)).toHaveValue('Acompanhamento semanal (revisado)');

    void currentRouter?.navigate('/quizzes');
    await userEvent.click(
      within(await body.findByRole('alertdialog', { name: 'Sair sem salvar?' })).getByRole('button', {
        name: 'Sair sem salvar',
      }),
    );
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Questionários' })).toBeVisible();
  },
};

/** The cover image goes to the signed URL with a progress bar, and the cover shows it. */
export const UploadCoverImage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = screen(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: 'Novo questionário' });
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File([new Uint8Array(2048)], 'capa.png', { type: 'image/png' }));
    await expect(await canvas.findByRole('img', { name: 'Imagem atual da capa' })).toHaveAttribute(
      'src',
      expect.stringContaining('/api/file/story/capa.png'),
    );
    await expect(canvas.getByText('Alterações não salvas')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Remover imagem' })).toBeEnabled();
  },
};

export const Loading: Story = {
  render: () => <BuilderScreen path={existing} />,
  parameters: { msw: { handlers: [pendingHandler('get', '/quiz/:id'), ...quizBuilderHandlers] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toBeVisible();
  },
};

export const NotFound: Story = {
  render: () => <BuilderScreen path="/quiz-builder/3f2e1d0c-9b8a-4765-8432-0000000000ff" />,
  parameters: { msw: { handlers: [errorHandler('get', '/quiz/:id', 'QUIZ_NOT_FOUND'), ...quizBuilderHandlers] } },
  play: async ({ canvasElement }) => {
    const canvas = screen(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Não encontramos este questionário' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Criar um questionário' })).toBeVisible();
  },
};
