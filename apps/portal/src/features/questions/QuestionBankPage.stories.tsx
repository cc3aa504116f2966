import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  defaultQuestionFixture,
  errorHandler,
  pendingHandler,
  questionHandlers,
  quizHandlers,
} from '@acompanha/api-client/mocks';
import { QuestionBankPage } from './QuestionBankPage';
import { PortalScreen, resetPortal } from '../../storybook/PortalScreen';

const meta = {
  title: 'Screens/Quizzes/QuestionBank',
  component: QuestionBankPage,
  tags: ['autodocs'],
  parameters: {
    layout: 'fullscreen',
    msw: {
      handlers: [
        quizHandlers.listAppearances,
        questionHandlers.listCategories,
        questionHandlers.listQuestions,
        questionHandlers.copyQuestion,
      ],
    },
  },
  beforeEach: () => resetPortal({ signedIn: true }),
  render: () => <PortalScreen path="/quizzes/questions" />,
} satisfies Meta<typeof QuestionBankPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Banco de perguntas' })).toBeVisible();
    const table = await canvas.findByRole('grid', { name: 'Perguntas' });
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(3));
    await expect(within(table).getAllByText('Padrão').length).toBeGreaterThan(0);
    await expect(within(table).getAllByText('Rascunho').length).toBeGreaterThan(0);
  },
};

export const Search: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('searchbox', { name: 'Buscar perguntas' }), 'peso');
    const table = canvas.getByRole('grid', { name: 'Perguntas' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
  },
};

export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [
        questionHandlers.listCategories,
        http.get('*/api/question', () => HttpResponse.json({ items: [], total: 0 })),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { name: 'Nenhuma pergunta encontrada' }),
    ).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [quizHandlers.listAppearances, questionHandlers.listCategories, pendingHandler('get', '/question')],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Carregando perguntas…')).toBeInTheDocument();
  },
};

export const CopyDefaultQuestion: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = await canvas.findByRole('button', { name: `Ações de ${defaultQuestionFixture.title}` });
    await userEvent.click(trigger);
    await userEvent.click(await within(document.body).findByRole('menuitem', { name: 'Copiar para meu banco' }));
    await expect(await within(document.body).findByText(/foi copiada para o seu banco/)).toBeVisible();
  },
};

export const Preview: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: `Ações de ${defaultQuestionFixture.title}` }));
    await userEvent.click(await within(document.body).findByRole('menuitem', { name: 'Pré-visualizar' }));
    const dialog = await within(document.body).findByRole('dialog', { name: 'Como o cliente vê' });
    // the real survey frame, with the default appearance's forward button
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Prosseguir' })).toBeVisible());
  },
};

export const ServerError: Story = {
  parameters: {
    msw: {
      handlers: [
        quizHandlers.listAppearances,
        questionHandlers.listCategories,
        errorHandler('get', '/question', 'INTERNAL_ERROR'),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(document.body).findByText(
        'Ops, houve um erro inesperado. Por favor, tente novamente mais tarde.',
        {},
        { timeout: 8000 },
      ),
    ).toBeVisible();
    void canvasElement;
  },
};
