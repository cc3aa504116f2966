import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { appearanceFixtures, quizHandlers } from '@acompanha/api-client/mocks';
import { AppearancePage } from './AppearancePage';
import { PortalScreen, resetPortal } from '../../storybook/PortalScreen';

const saved = http.post('*/api/quiz/my/appearance', async ({ request }) => {
  const body = (await request.json()) as Record<string, unknown>;
  await delay(50);
  return HttpResponse.json(
    { ...appearanceFixtures[0], ...body, id: 'a0a0a0a0-0000-4000-8000-000000000009', isDefault: false },
    { status: 201 },
  );
});
const setDefault = http.patch('*/api/quiz/my/appearance/:id', async ({ params }) => {
  await delay(50);
  const found = appearanceFixtures.find((a) => a.id === params.id)!;
  return HttpResponse.json({ ...found, isDefault: true });
});

const meta = {
  title: 'Screens/Quizzes/Appearance',
  component: AppearancePage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', msw: { handlers: [quizHandlers.listAppearances, saved, setDefault] } },
  beforeEach: () => resetPortal({ signedIn: true }),
  render: () => <PortalScreen path="/quizzes/appearance" />,
} satisfies Meta<typeof AppearancePage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Aparência dos questionários' })).toBeVisible();
    await expect(canvas.getByText('Padrão')).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [http.get('*/api/quiz/my/appearance', () => HttpResponse.json([]))] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'Nenhuma aparência ainda' })).toBeVisible();
  },
};

export const SetDefault: Story = {
  play: async ({ canvasElement }) => {
    const other = appearanceFixtures.find((a) => !a.isDefault)!;
    await userEvent.click(
      await within(canvasElement).findByRole('button', { name: `Definir como padrão : ${other.name}` }),
    );
    await expect(await within(document.body).findByText(`“${other.name}” agora é a aparência padrão.`)).toBeVisible();
  },
};

export const EditorLivePreview: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Nova aparência' }));
    const forward = canvas.getByRole('textbox', { name: 'Texto do botão de avançar' });
    await userEvent.clear(forward);
    await userEvent.type(forward, 'Continuar');
    // The preview renders the real survey pieces with the edited texts.
    await expect(await canvas.findByRole('button', { name: 'Continuar' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Como está sua fome antes das refeições?' })).toBeVisible();
  },
};

export const CreateAppearance: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Nova aparência' }));
    const name = canvas.getByRole('textbox', { name: 'Nome da aparência' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Marca verde');
    await userEvent.click(canvas.getByRole('button', { name: 'Salvar aparência' }));
    await expect(await within(document.body).findByText('Aparência criada.')).toBeVisible();
  },
};
