import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { clientAreaHandlerList, clientAreaState, resetClientAreaState } from '@acompanha/api-client/mocks';
import { PortalScreen, resetPortal } from '../../storybook/PortalScreen';
import { ClientAreaAppearancePage } from './ClientAreaAppearancePage';

const body = () => within(document.body);
const previewOf = (canvasElement: HTMLElement, mode: 'light' | 'dark') =>
  canvasElement.querySelector<HTMLElement>(`[data-testid="client-area-preview-${mode}"]`)!;

const meta = {
  title: 'Screens/ClientArea/Appearance',
  component: ClientAreaAppearancePage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', msw: { handlers: clientAreaHandlerList } },
  beforeEach: () => {
    resetPortal({ signedIn: true });
    resetClientAreaState();
  },
  render: () => <PortalScreen path="/client-area/appearance" />,
} satisfies Meta<typeof ClientAreaAppearancePage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Light by default, both modes previewed side by side with each mode's brand colour. */
export const BothModes: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Cores da área do cliente' })).toBeVisible();
    await expect(canvas.getByRole('radio', { name: 'Claro' })).toBeChecked();
    await expect(canvas.getByText('Modo claro (escolhido)')).toBeVisible();
    await expect(canvas.getByText('Modo escuro', { selector: 'figcaption' })).toBeVisible();
    const light = previewOf(canvasElement, 'light');
    const dark = previewOf(canvasElement, 'dark');
    await expect(within(light).getByText('Ir para a área do cliente')).toBeVisible();
    await expect(within(dark).getByText('Ir para a área do cliente')).toBeVisible();
    const cover = (el: HTMLElement) => getComputedStyle(el.querySelector('section')!).backgroundColor;
    await expect(cover(light)).toBe('rgb(37, 99, 235)');
    await expect(cover(dark)).toBe('rgb(30, 58, 138)');
    // Side by side on a wide screen.
    await expect(light.getBoundingClientRect().top).toBe(dark.getBoundingClientRect().top);
  },
};

/** Dark mode and a dark colour chosen and saved: only the colours are sent. */
export const SaveDarkMode: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('radio', { name: 'Escuro' }));
    await expect(canvas.getByText('Modo escuro (escolhido)')).toBeVisible();
    const dark = canvas.getByRole('textbox', { name: 'Hexadecimal (Cor da marca — modo escuro)' });
    await userEvent.clear(dark);
    await userEvent.type(dark, '#134E4A{Tab}');
    await userEvent.click(canvas.getByRole('button', { name: 'Salvar cores' }));
    await expect(await body().findByText('Cores salvas.')).toBeVisible();
    const sent = clientAreaState.saves.at(-1)!;
    await expect(Object.keys(sent)).toEqual(['colorScheme']);
    await expect(clientAreaState.config.colorScheme.mode).toBe('dark');
    await expect(clientAreaState.config.colorScheme.scheme.color.dark).toBe('#134E4A');
  },
};

/** A light brand colour under white texts: the warning names the mode it is about. */
export const Warnings: Story = {
  beforeEach: () => {
    clientAreaState.config.colorScheme.scheme.color.light = '#FDE68A';
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Ajustamos cores para manter o texto legível')).toBeVisible();
    await expect(
      canvas.getByText('Modo claro: O texto da capa ficou com pouco contraste e foi ajustado.'),
    ).toBeVisible();
    await expect(canvas.queryByText(/^Modo escuro:/)).not.toBeInTheDocument();
  },
};

/** Saved images of each mode: their thumbnails, and "Remover" per mode. */
export const Images: Story = {
  beforeEach: () => {
    resetClientAreaState('filled');
    const { image } = clientAreaState.config.colorScheme.scheme;
    image.light = clientAreaState.config.brandImage;
    image.dark = clientAreaState.config.profilePicture;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('img', { name: 'Imagem de fundo do modo claro' })).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'Imagem de fundo do modo escuro' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Remover imagem do modo escuro' }));
    await expect(canvas.queryByRole('img', { name: 'Imagem de fundo do modo escuro' })).not.toBeInTheDocument();
  },
};
