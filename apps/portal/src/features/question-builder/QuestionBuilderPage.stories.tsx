import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  quizHandlers,
  accountHandlers,
  defaultQuestionFixture,
  draftQuestionFixture,
  errorHandler,
  multipleChoiceQuestionFixture,
  pendingHandler,
  questionHandlers,
} from '@acompanha/api-client/mocks';
import { QuestionBuilderPage } from './QuestionBuilderPage';
import { resetPortal } from '../../storybook/PortalScreen';
import { createRoutes } from '../../app/routes';
import { queryClient } from '../../app/queryClient';

/*
 * Until the lead wires `/question-builder` into the route table, the screen is added to the real
 * private area here (same layout, guards and lazy loading); once the route exists this is a no-op.
 */
function routesWithBuilder(): RouteObject[] {
  const routes = createRoutes();
  const privateArea = routes[0]?.children?.find((r) => r.children?.some((c) => c.path === 'profile'));
  if (privateArea?.children && !privateArea.children.some((c) => c.path?.startsWith('question-builder'))) {
    privateArea.children.push({
      path: 'question-builder/:questionId?',
      lazy: () =>
        import('./QuestionBuilderPage').then((m) => ({
          Component: m.QuestionBuilderPage,
          loader: m.questionBuilderLoader,
        })),
    });
  }
  return routes;
}

function BuilderScreen({ path }: { path: string }) {
  // PortalScreen configures the API client when imported (resetPortal above); same router setup.
  const [router] = useState(() => createMemoryRouter(routesWithBuilder(), { initialEntries: [path] }));
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}

/** The last body each recorded call sent (the handler then falls through to the fixture's answer). */
const sent: Record<string, unknown> = {};
const record = (method: 'post' | 'put', path: string) =>
  http[method](`*/api${path}`, async ({ request }) => {
    sent[`${method} ${path}`] = await request.clone().json();
  });

const handlers = [accountHandlers.logout, quizHandlers.listAppearances, ...Object.values(questionHandlers)];

const meta = {
  title: 'Screens/Quizzes/QuestionBuilder',
  component: QuestionBuilderPage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', msw: { handlers } },
  beforeEach: () => {
    for (const key of Object.keys(sent)) delete sent[key];
    resetPortal({ signedIn: true });
  },
  // `parameters.path`: where the memory router opens.
  render: (_, { parameters }) => (
    <BuilderScreen path={(parameters.path as string | undefined) ?? '/question-builder'} />
  ),
} satisfies Meta<typeof QuestionBuilderPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (el: HTMLElement) => within(el.ownerDocument.body);

async function chooseCategory(el: HTMLElement, name: string) {
  await userEvent.click(within(el).getByRole('button', { name: /Categoria/ }));
  const listbox = await body(el).findByRole('listbox', {}, { timeout: 3000 });
  await userEvent.click(within(listbox).getByRole('option', { name }));
}

async function chooseType(el: HTMLElement, label: string) {
  await userEvent.click(within(el).getByRole('radio', { name: new RegExp(`^${label}`) }));
}

export const NewEmpty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Nova pergunta' }, { timeout: 5000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Título' })).toHaveValue('');
    await expect(canvas.getByRole('radio', { name: /^Múltipla escolha/ })).toBeChecked();
    await expect(canvas.getByRole('button', { name: 'Salvar rascunho' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Publicar' })).toBeEnabled();
    await expect(canvas.getByRole('heading', { name: 'Como o cliente vê' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Título da pergunta' })).toBeVisible();
    // The preview wears what a questionnaire without a chosen appearance wears: the account's default.
    await expect(
      await canvas.findByText('Prévia com a aparência padrão da sua conta, “Verde consultório”.'),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Prosseguir' })).toHaveStyle({
      backgroundColor: 'rgb(21, 128, 61)',
    });
    // Typing shows up in the preview at once.
    await userEvent.type(canvas.getByRole('textbox', { name: 'Título' }), 'Você toma café da manhã?');
    await expect(canvas.getByRole('heading', { name: 'Você toma café da manhã?' })).toBeVisible();
  },
};

export const MultipleChoice: Story = {
  parameters: { msw: { handlers: [record('post', '/question'), ...handlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Título' }, { timeout: 5000 }), 'Você dorme bem?');
    await chooseCategory(canvasElement, 'Sono');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Alternativa 1' }), 'Não');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Alternativa 2' }), 'Sim');
    await userEvent.click(canvas.getByRole('button', { name: 'Adicionar alternativa' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Alternativa 3' }), 'Às vezes');
    await userEvent.click(canvas.getByRole('button', { name: 'Mover “Sim” para cima' }));
    await expect(canvas.getByRole('textbox', { name: 'Alternativa 1' })).toHaveValue('Sim');
    await expect(canvas.getByRole('button', { name: 'Mover “Sim” para cima' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Remover “Às vezes”' }));
    await expect(canvas.queryByRole('textbox', { name: 'Alternativa 3' })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('switch', { name: 'Permitir mais de uma resposta' }));
    // The preview lists the alternatives in the new order, as checkboxes.
    const choices = canvas.getAllByRole('checkbox');
    await expect(choices.map((c) => c.closest('label')?.textContent?.trim())).toEqual(['Sim', 'Não']);

    await userEvent.click(canvas.getByRole('button', { name: 'Publicar' }));
    await expect(await body(canvasElement).findByText('Pergunta salva.')).toBeVisible();
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Editar pergunta' })).toBeVisible();
    const sentBody = sent['post /question'] as {
      draft: boolean;
      categoryId: string;
      config: { allowMultiple: boolean; alternatives: { label: string; order: number }[] };
    };
    await expect(sentBody.draft).toBe(false);
    await expect(sentBody.config.allowMultiple).toBe(true);
    await expect(sentBody.config.alternatives.map((a) => [a.label, a.order])).toEqual([
      ['Sim', 0],
      ['Não', 1],
    ]);
  },
};

export const SubQuestions: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Alternativa 1' }, { timeout: 5000 }), 'Sim');
    await userEvent.click(canvas.getByRole('button', { name: 'Adicionar perguntas complementares a “Sim”' }));
    const picker = canvas.getByRole('combobox', { name: 'Perguntas complementares ao escolher “Sim”' });
    await userEvent.type(picker, 'peso');
    const listbox = await body(canvasElement).findByRole('listbox', {}, { timeout: 3000 });
    await userEvent.click(await within(listbox).findByRole('option', { name: /Qual é o seu peso hoje\?/ }));
    // The field empties itself and keeps offering the other questions, for picking several.
    await expect(picker).toHaveValue('');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body(canvasElement).queryByRole('listbox')).not.toBeInTheDocument());
    const chosen = await canvas.findByRole('grid', { name: 'Escolhidas para “Sim”' });
    await expect(await within(chosen).findByRole('row', { name: /Qual é o seu peso hoje\?/ })).toBeVisible();
    // Chosen questions are not offered again.
    await userEvent.type(picker, 'peso');
    await expect(await body(canvasElement).findByText('Nenhuma pergunta encontrada.')).toBeVisible();
    await userEvent.tab();
    await waitFor(() => expect(body(canvasElement).queryByRole('listbox')).not.toBeInTheDocument());
  },
};

export const LinearScale: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: 'Nova pergunta' }, { timeout: 5000 });
    await chooseType(canvasElement, 'Escala linear');
    await userEvent.click(canvas.getByRole('radio', { name: '0' }));
    const max = canvas.getByRole('textbox', { name: 'Termina em' });
    await userEvent.clear(max);
    await userEvent.type(max, '10');
    await userEvent.tab();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Legenda do 0' }), 'Sem fome');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Legenda do 10' }), 'Muita fome');
    // The preview draws 0 to 10 with the end labels.
    const scale = within(canvas.getByRole('radiogroup', { name: 'Título da pergunta' }));
    await expect(scale.getAllByRole('radio')).toHaveLength(11);
    await expect(canvas.getAllByText('Sem fome').length).toBeGreaterThan(0);
  },
};

export const LikertScale: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: 'Nova pergunta' }, { timeout: 5000 });
    await chooseType(canvasElement, 'Escala Likert');
    const levels = ['Discordo totalmente', 'Discordo', 'Neutro', 'Concordo', 'Concordo totalmente'];
    for (const [i, label] of levels.entries()) {
      await expect(canvas.getByRole('textbox', { name: `Nível ${i + 1}` })).toHaveValue(label);
    }
    await userEvent.type(canvas.getByRole('textbox', { name: 'Afirmação 1' }), 'Como frutas todos os dias.');
    await userEvent.click(canvas.getByRole('button', { name: 'Adicionar afirmação' }));
    await expect(canvas.getByRole('textbox', { name: 'Afirmação 2' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Remover “Concordo totalmente”' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Remover “Concordo”' }));
    // Three levels is the least.
    await expect(canvas.getByRole('button', { name: 'Remover “Neutro”' })).toBeDisabled();
    await expect(canvas.getAllByText('Como frutas todos os dias.').length).toBeGreaterThan(0);
  },
};

export const FreeField: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: 'Nova pergunta' }, { timeout: 5000 });
    await chooseType(canvasElement, 'Campo livre');
    const max = canvas.getByRole('textbox', { name: 'Máximo de caracteres' });
    await expect(max).toHaveValue('500');
    await userEvent.clear(max);
    await userEvent.type(max, '200');
    await userEvent.tab();
    await userEvent.click(canvas.getByRole('switch', { name: 'Resposta em várias linhas' }));
    await expect(await canvas.findByText(/^0\/200\b/)).toBeVisible();
  },
};

export const FileUpload: Story = {
  parameters: { msw: { handlers: [record('post', '/question'), ...handlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Título' }, { timeout: 5000 }), 'Foto do almoço');
    await chooseCategory(canvasElement, 'Hábitos alimentares');
    await chooseType(canvasElement, 'Envio de arquivo');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'PDF' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'HEIC' }));
    const size = canvas.getByRole('textbox', { name: 'Tamanho máximo' });
    await userEvent.clear(size);
    await userEvent.type(size, '5');
    await userEvent.tab();
    await userEvent.click(canvas.getByRole('button', { name: 'Publicar' }));
    await expect(await body(canvasElement).findByText('Pergunta salva.')).toBeVisible();
    await expect(sent['post /question']).toMatchObject({
      type: 'file-upload',
      config: { acceptedTypes: ['image/jpeg', 'image/png', 'image/heic'], maxSizeMb: 5 },
    });
  },
};

export const Metrics: Story = {
  parameters: { msw: { handlers: [record('post', '/question'), ...handlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(
      await canvas.findByRole('textbox', { name: 'Título' }, { timeout: 5000 }),
      'Circunferência do braço',
    );
    await chooseCategory(canvasElement, 'Medidas');
    await chooseType(canvasElement, 'Métrica');
    await userEvent.click(canvas.getByRole('button', { name: /Unidade/ }));
    const listbox = await body(canvasElement).findByRole('listbox', {}, { timeout: 3000 });
    await userEvent.click(within(listbox).getByRole('option', { name: 'Outra' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Qual unidade?' }), 'polegadas');
    const min = canvas.getByRole('textbox', { name: 'Valor mínimo' });
    const max = canvas.getByRole('textbox', { name: 'Valor máximo' });
    await userEvent.type(min, '40');
    await userEvent.type(max, '10');
    await userEvent.tab();
    await userEvent.click(canvas.getByRole('button', { name: 'Publicar' }));
    await expect(await canvas.findByText('O máximo deve ser maior que o mínimo.')).toBeVisible();
    await expect(max).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(max);
    await userEvent.type(max, '80');
    await userEvent.tab();
    await userEvent.click(canvas.getByRole('button', { name: 'Publicar' }));
    await expect(await body(canvasElement).findByText('Pergunta salva.')).toBeVisible();
    await expect(sent['post /question']).toMatchObject({
      type: 'metrics',
      config: { unit: 'polegadas', decimals: 1, min: 40, max: 80 },
    });
  },
};

export const ClientValidation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Publicar' }, { timeout: 5000 }));
    await expect(await canvas.findByText('Informe o título.')).toBeVisible();
    await expect(canvas.getByText('Escolha uma categoria.')).toBeVisible();
    await expect(canvas.getAllByText('Informe o texto.')).toHaveLength(2);
    await expect(canvas.getByText('Confira os campos destacados.')).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Título' })).toHaveFocus());
    // Repeated alternatives are refused like the API does.
    await userEvent.type(canvas.getByRole('textbox', { name: 'Alternativa 1' }), 'Sim');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Alternativa 2' }), 'sim');
    await userEvent.click(canvas.getByRole('button', { name: 'Publicar' }));
    await expect(await canvas.findByText('Alternativas repetidas.')).toBeVisible();
    // Fixing the title clears its error.
    await userEvent.type(canvas.getByRole('textbox', { name: 'Título' }), 'Você come doces?');
    await expect(canvas.queryByText('Informe o título.')).not.toBeInTheDocument();
  },
};

export const ServerValidation: Story = {
  parameters: {
    msw: {
      handlers: [
        errorHandler('post', '/question', 'WRONG_COMMAND_PARAMETERS', [
          { path: ['config', 'alternatives', '1', 'label'], message: 'Alternativas repetidas.' },
          { path: ['config', 'alternatives', '0', 'subQuestionIds', '0'], message: 'Sub-pergunta não encontrada.' },
        ]),
        ...handlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Título' }, { timeout: 5000 }), 'Você dorme bem?');
    await chooseCategory(canvasElement, 'Sono');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Alternativa 1' }), 'Sim');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Alternativa 2' }), 'Não');
    await userEvent.click(canvas.getByRole('button', { name: 'Publicar' }));
    await expect(await canvas.findByText('Alternativas repetidas.')).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Alternativa 2' })).toHaveAttribute('aria-invalid', 'true');
    // The sub-question problem opens that alternative's picker with the message.
    await expect(canvas.getByText('Sub-pergunta não encontrada.')).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Nova pergunta' })).toBeVisible();
    // The screen shows the problem itself: no toast repeats it.
    await expect(body(canvasElement).queryByText(/Alguns dados enviados estão incorretos/)).not.toBeInTheDocument();
  },
};

export const DraftSave: Story = {
  parameters: { msw: { handlers: [record('post', '/question'), ...handlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(
      await canvas.findByRole('textbox', { name: 'Título' }, { timeout: 5000 }),
      'Quanto tempo você leva para almoçar?',
    );
    await chooseCategory(canvasElement, 'Hábitos alimentares');
    // Alternatives are still empty: a draft saves anyway.
    await userEvent.click(canvas.getByRole('button', { name: 'Salvar rascunho' }));
    await expect(await body(canvasElement).findByText('Rascunho salvo.')).toBeVisible();
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Editar pergunta' })).toBeVisible();
    await expect(canvas.getByText('Rascunho')).toBeVisible();
    await expect(sent['post /question']).toMatchObject({ draft: true, title: 'Quanto tempo você leva para almoçar?' });
  },
};

export const EditExisting: Story = {
  parameters: {
    path: `/question-builder/${multipleChoiceQuestionFixture.id}`,
    msw: { handlers: [record('put', `/question/${multipleChoiceQuestionFixture.id}`), ...handlers] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Editar pergunta' }, { timeout: 5000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Título' })).toHaveValue('Você pratica atividade física?');
    await expect(canvas.getByRole('textbox', { name: 'Sigla' })).toHaveValue('ATV');
    await expect(canvas.getByText('Publicada')).toBeVisible();
    // Published: the type is locked and there is no way back to draft.
    await expect(canvas.getByRole('radio', { name: /^Escala linear/ })).toBeDisabled();
    await expect(canvas.getByText('O tipo não pode mudar depois que a pergunta é publicada.')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Salvar rascunho' })).not.toBeInTheDocument();
    // The sub-question chosen for “Sim” is listed by its title.
    await expect(await canvas.findByText('Quais atividades você praticou?')).toBeVisible();

    const title = canvas.getByRole('textbox', { name: 'Título' });
    await userEvent.clear(title);
    await userEvent.type(title, 'Você pratica exercícios?');
    await userEvent.click(canvas.getByRole('button', { name: 'Salvar' }));
    await expect(await body(canvasElement).findByText('Pergunta salva.')).toBeVisible();
    await expect(sent[`put /question/${multipleChoiceQuestionFixture.id}`]).toMatchObject({
      title: 'Você pratica exercícios?',
      type: 'multiple-choice',
      config: { alternatives: [{ id: 'alt-sim', subQuestionIds: [expect.any(String)] }, { id: 'alt-nao' }] },
    });
  },
};

export const EditDraft: Story = {
  parameters: { path: `/question-builder/${draftQuestionFixture.id}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('textbox', { name: 'Título' }, { timeout: 5000 })).toHaveValue(
      'Quantas horas você dorme por noite?',
    );
    await expect(canvas.getByText('Rascunho')).toBeVisible();
    // A draft may still change its type; its incomplete configuration opens with the defaults.
    await expect(canvas.getByRole('radio', { name: /^Escala linear/ })).toBeChecked();
    await expect(canvas.getByRole('radio', { name: /^Métrica/ })).toBeEnabled();
    await expect(canvas.getByRole('textbox', { name: 'Termina em' })).toHaveValue('5');
    await expect(canvas.getByRole('button', { name: 'Salvar rascunho' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Publicar' })).toBeVisible();
  },
};

export const DefaultQuestionReadOnly: Story = {
  parameters: { path: `/question-builder/${defaultQuestionFixture.id}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Pergunta da biblioteca padrão' }, { timeout: 5000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Título' })).toHaveAttribute('readonly');
    await expect(canvas.queryByRole('button', { name: 'Publicar' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Copiar para meu banco' }));
    await expect(
      await body(canvasElement).findByText('Pergunta copiada para o seu banco. Agora você pode editá-la.'),
    ).toBeVisible();
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Editar pergunta' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Título' })).not.toHaveAttribute('readonly');
    await expect(canvas.getByRole('textbox', { name: 'Título' })).toHaveValue(defaultQuestionFixture.title);
  },
};

export const ImageUpload: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: 'Nova pergunta' }, { timeout: 5000 });
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]')!;
    const big = new File(['x'], 'grande.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    await userEvent.upload(input, big);
    await expect(await canvas.findByText(/grande\.png/)).toBeVisible();

    await userEvent.upload(input, new File([new Uint8Array(2048)], 'prato.png', { type: 'image/png' }));
    const thumbnail = await canvas.findByRole('img', { name: 'Imagem da pergunta' }, { timeout: 4000 });
    await expect(thumbnail).toHaveAttribute(
      'src',
      'https://arquivos.acompanha.app/professionals/story/question-image.png',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Remover imagem' }));
    await expect(canvas.queryByRole('img', { name: 'Imagem da pergunta' })).not.toBeInTheDocument();
  },
};

export const UnsavedChangesGuard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(
      await canvas.findByRole('textbox', { name: 'Título' }, { timeout: 5000 }),
      'Pergunta pela metade',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Voltar ao banco de perguntas' }));
    const dialog = await body(canvasElement).findByRole('alertdialog', { name: 'Sair sem salvar?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(body(canvasElement).queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(canvas.getByRole('textbox', { name: 'Título' })).toHaveValue('Pergunta pela metade');
  },
};

export const Loading: Story = {
  parameters: {
    path: `/question-builder/${multipleChoiceQuestionFixture.id}`,
    msw: { handlers: [pendingHandler('get', '/question/:id'), ...handlers] },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toBeVisible();
  },
};

export const ServerError: Story = {
  parameters: {
    path: `/question-builder/${multipleChoiceQuestionFixture.id}`,
    msw: { handlers: [errorHandler('get', '/question/:id', 'INTERNAL_ERROR'), ...handlers] },
  },
  play: async ({ canvasElement }) => {
    // 5xx answers are retried twice (with backoff) before the error screen shows
    await expect(
      await within(canvasElement).findByText('Unexpected Application Error!', {}, { timeout: 8000 }),
    ).toBeVisible();
  },
};
