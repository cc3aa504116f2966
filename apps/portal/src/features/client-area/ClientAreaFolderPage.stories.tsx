import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { clientAreaHandlerList, clientAreaState, resetClientAreaState } from '@acompanha/api-client/mocks';
import { PortalScreen, resetPortal } from '../../storybook/PortalScreen';
import { ClientAreaFolderPage } from './ClientAreaFolderPage';

const body = () => within(document.body);
const preview = (canvasElement: HTMLElement) =>
  within(canvasElement.querySelector<HTMLElement>('[data-testid^="client-area-preview-"]')!);

const meta = {
  title: 'Screens/ClientArea/Folder',
  component: ClientAreaFolderPage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', msw: { handlers: clientAreaHandlerList } },
  beforeEach: () => {
    resetPortal({ signedIn: true });
    resetClientAreaState();
  },
  render: () => <PortalScreen path="/client-area/folder" />,
} satisfies Meta<typeof ClientAreaFolderPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The spec's defaults: white texts, a white button text on blue, 'Ir para a área do cliente'. */
export const Defaults: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Capa da área do cliente' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Capa' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('textbox', { name: 'Texto do botão' })).toHaveValue('Ir para a área do cliente');
    await expect(canvas.getByRole('textbox', { name: 'Hexadecimal (Cor dos textos da capa)' })).toHaveValue('#FFFFFF');
    await expect(canvas.getByRole('textbox', { name: 'Hexadecimal (Cor do texto do botão)' })).toHaveValue('#FFFFFF');
    await expect(canvas.getByRole('textbox', { name: 'Hexadecimal (Cor de fundo do botão)' })).toHaveValue('#2563EB');
    await expect(preview(canvasElement).getByText('Ir para a área do cliente')).toBeVisible();
    await expect(canvas.queryByText('Ajustamos cores para manter o texto legível')).not.toBeInTheDocument();
  },
};

/** A cover filled in: its texts in the fields and in the preview. */
export const Filled: Story = {
  beforeEach: () => resetClientAreaState('filled'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('textbox', { name: 'Título' })).toHaveValue('Nutrição sem neura');
    const phone = preview(canvasElement);
    await expect(phone.getByText('Nutrição sem neura')).toBeVisible();
    await expect(phone.getByText('Acompanhe seu plano e fale comigo entre as consultas.')).toBeVisible();
    await expect(phone.getByText('Entrar na área do cliente')).toBeVisible();
  },
};

/** Texts and button colour change the preview as they are typed; saving sends only the cover. */
export const EditAndSave: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Título' }), 'Bem-vinda!');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Subtítulo' }), 'Seu plano em um lugar.');
    const text = canvas.getByRole('textbox', { name: 'Texto do botão' });
    await userEvent.clear(text);
    await userEvent.type(text, 'Entrar');
    const background = canvas.getByRole('textbox', { name: 'Hexadecimal (Cor de fundo do botão)' });
    await userEvent.clear(background);
    await userEvent.type(background, '#0F766E{Tab}');
    const phone = preview(canvasElement);
    await expect(phone.getByText('Bem-vinda!')).toBeVisible();
    await expect(phone.getByText('Entrar')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Salvar capa' }));
    await expect(await body().findByText('Capa salva.')).toBeVisible();
    await expect(clientAreaState.saves).toHaveLength(1);
    const sent = clientAreaState.saves[0]!;
    await expect(Object.keys(sent)).toEqual(['folder']);
    await expect(sent.folder).toMatchObject({ title: 'Bem-vinda!', buttonText: 'Entrar', buttonBackground: '#0F766E' });
  },
};

/** An empty button text is refused before saving. */
export const ButtonTextRequired: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.clear(await canvas.findByRole('textbox', { name: 'Texto do botão' }));
    await expect(await canvas.findByText('Escreva o texto do botão.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Salvar capa' })).toBeDisabled();
  },
};

/** Colours without contrast: the guard's warnings, and the preview draws the adjusted colours. */
export const Warnings: Story = {
  beforeEach: () => {
    resetClientAreaState('filled');
    clientAreaState.config.folder = {
      ...clientAreaState.config.folder,
      textsColor: '#0F766E',
      buttonColor: '#FFFFFF',
      buttonBackground: '#FFFFFF',
    };
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Ajustamos cores para manter o texto legível')).toBeVisible();
    await expect(canvas.getByText('O texto da capa ficou com pouco contraste e foi ajustado.')).toBeVisible();
    await expect(canvas.getByText('O texto do botão da capa ficou com pouco contraste e foi ajustado.')).toBeVisible();
  },
};
