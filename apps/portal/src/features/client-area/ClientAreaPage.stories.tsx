import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  CLIENT_AREA_ORIGIN,
  clientAreaHandlerList,
  clientAreaState,
  pendingHandler,
  resetClientAreaState,
} from '@acompanha/api-client/mocks';
import { formatDateBR } from '../../lib/format';
import { PortalScreen, resetPortal } from '../../storybook/PortalScreen';
import { ClientAreaPage } from './ClientAreaPage';

const body = () => within(document.body);
const preview = (canvasElement: HTMLElement) =>
  within(canvasElement.querySelector<HTMLElement>('[data-testid="client-area-preview-light"]')!);

const meta = {
  title: 'Screens/ClientArea/Page',
  component: ClientAreaPage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', msw: { handlers: clientAreaHandlerList } },
  beforeEach: () => {
    resetPortal({ signedIn: true });
    resetClientAreaState();
  },
  render: () => <PortalScreen path="/client-area" />,
} satisfies Meta<typeof ClientAreaPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const linkField = async (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('textbox', { name: 'Link da página' });

/** Never opened: no link yet, the page published, and the preview drawn from her profile and the defaults. */
export const Defaults: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Área do cliente' })).toBeVisible();
    await expect(await linkField(canvasElement)).toHaveValue('');
    // The address's prefix is shown before the field (this origin's /p/ until she has a link).
    await expect(canvas.getByText(`${window.location.origin}/p/`)).toBeVisible();
    await expect(canvas.getByRole('switch', { name: 'Página pública ativa' })).toBeChecked();
    await expect(canvas.queryByRole('button', { name: 'Copiar link' })).not.toBeInTheDocument();
    await expect(canvas.getByText('Sem foto aqui, a página mostra a foto do seu perfil.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Capa' })).toHaveAttribute('href', '/client-area/folder');
    await expect(canvas.getByRole('link', { name: 'Página' })).toHaveAttribute('aria-current', 'page');
    const phone = preview(canvasElement);
    await expect(phone.getAllByText('Ana Souza').length).toBeGreaterThan(0);
    await expect(phone.getByText('Nutricionista · CRN-3 12345')).toBeVisible();
    await expect(phone.getByText('Ir para a área do cliente')).toBeVisible();
  },
};

/** Everything chosen: the saved address with "Copiar link" and "Abrir página", the title and pictures. */
export const Filled: Story = {
  beforeEach: () => resetClientAreaState('filled'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await linkField(canvasElement)).toHaveValue('ana-souza');
    await expect(canvas.getByText(`${CLIENT_AREA_ORIGIN}/p/`)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Abrir página' })).toHaveAttribute(
      'href',
      `${CLIENT_AREA_ORIGIN}/p/ana-souza`,
    );
    await expect(canvas.getByRole('link', { name: 'Abrir página' })).toHaveAttribute('target', '_blank');
    await expect(canvas.getByRole('textbox', { name: 'Título da página' })).toHaveValue('Consultório Ana Souza');
    await expect(canvas.getByRole('img', { name: 'Foto de perfil' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Remover logo' })).toBeVisible();
    await expect(preview(canvasElement).getByText('Consultório Ana Souza')).toBeVisible();
    await expect(preview(canvasElement).getByText('Nutrição sem neura')).toBeVisible();
  },
};

/** The title typed shows in the preview at once. */
export const LivePreview: Story = {
  play: async ({ canvasElement }) => {
    const title = await within(canvasElement).findByRole('textbox', { name: 'Título da página' });
    await userEvent.type(title, 'Clínica Bem Viver');
    await expect(preview(canvasElement).getAllByText('Clínica Bem Viver').length).toBeGreaterThan(0);
  },
};

/** Choosing a link and saving: the toast, the address's actions, and only this screen's fields sent. */
export const SaveLink: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await linkField(canvasElement), '  Minha-Pagina ');
    await userEvent.click(canvas.getByRole('button', { name: 'Salvar' }));
    await expect(await body().findByText('Área do cliente salva.')).toBeVisible();
    await expect(await linkField(canvasElement)).toHaveValue('minha-pagina');
    await expect(canvas.getByRole('button', { name: 'Copiar link' })).toBeVisible();
    const sent = clientAreaState.saves.at(-1)!;
    await expect(sent.link).toBe('minha-pagina');
    await expect(sent).not.toHaveProperty('folder');
    await expect(sent).not.toHaveProperty('colorScheme');
  },
};

/** While the save runs, the button shows it is working. */
export const Saving: Story = {
  parameters: {
    msw: { handlers: [pendingHandler('put', '/professional/me/area-config'), ...clientAreaHandlerList] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await linkField(canvasElement), 'ana-souza');
    await userEvent.click(canvas.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: /Salvar/ })).toHaveAttribute('aria-disabled', 'true'),
    );
    await expect(canvas.getByRole('progressbar')).toBeInTheDocument();
  },
};

/** A link someone else has: the API's sentence under the field, no toast; typing again clears it. */
export const AliasTaken: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = await linkField(canvasElement);
    await userEvent.type(field, 'ana-nutri');
    await userEvent.click(canvas.getByRole('button', { name: 'Salvar' }));
    await expect(await canvas.findByText('O Link já está em uso. Escolha outro.')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(field).toHaveFocus());
    await expect(field).toHaveAccessibleDescription(/O Link já está em uso. Escolha outro./);
    await expect(body().queryByText('Área do cliente salva.')).not.toBeInTheDocument();
    await userEvent.type(field, '-2');
    await expect(canvas.queryByText('O Link já está em uso. Escolha outro.')).not.toBeInTheDocument();
  },
};

/** The API's format rules, checked as she types (and saving waits until the link is right). */
export const InvalidFormat: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = await linkField(canvasElement);
    await userEvent.type(field, 'ab');
    await expect(await canvas.findByText('O link deve ter pelo menos 3 caracteres.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Salvar' })).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, 'ana souza');
    await expect(
      await canvas.findByText('Use só letras minúsculas, números e hífens, sem espaços nem acentos.'),
    ).toBeVisible();
    await userEvent.clear(field);
    await userEvent.type(field, 'ana-');
    await expect(await canvas.findByText('O link não pode começar nem terminar com hífen.')).toBeVisible();
    await userEvent.clear(field);
    await userEvent.type(field, 'ana--souza');
    await expect(await canvas.findByText('Não use dois hífens seguidos.')).toBeVisible();
    await userEvent.clear(field);
    await userEvent.type(field, 'ana-souza');
    await expect(field).not.toHaveAttribute('aria-invalid');
    await expect(canvas.getByRole('button', { name: 'Salvar' })).toBeEnabled();
  },
};

/** Links she left still lead to her page for 90 days: each with its end date. Changing it again says so. */
export const PreviousLinks: Story = {
  beforeEach: () => resetClientAreaState('moved'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Links anteriores' })).toBeVisible();
    for (const p of clientAreaState.config.previousLinks) {
      await expect(canvas.getByText(p.link)).toBeVisible();
      await expect(canvas.getByText(`— redireciona até ${formatDateBR(p.redirectsUntil)}`)).toBeVisible();
    }
    const field = await linkField(canvasElement);
    await userEvent.type(field, '-nutricao');
    await expect(
      canvas.getByText('O link anterior (ana-souza) continua levando à sua página por 90 dias.'),
    ).toBeVisible();
  },
};

/** "Copiar link" copies the saved address and says so. */
export const CopyLink: Story = {
  beforeEach: () => resetClientAreaState('filled'),
  play: async ({ canvasElement }) => {
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async (t: string) => void copied.push(t) },
      configurable: true,
    });
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Copiar link' }));
    await expect(await body().findByText('Link copiado.')).toBeVisible();
    await expect(copied).toEqual([`${CLIENT_AREA_ORIGIN}/p/ana-souza`]);
    await expect(canvas.getByRole('button', { name: 'Link copiado' })).toBeVisible();
  },
};

/** The page turned off: the switch says what visitors see; saving sends it. */
export const Unpublished: Story = {
  beforeEach: () => resetClientAreaState('filled'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('switch', { name: 'Página pública ativa' }));
    await expect(canvas.getByText(/Desativada: quem abrir o link vê “Página não encontrada”/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Salvar' }));
    await expect(await body().findByText('Área do cliente salva.')).toBeVisible();
    await expect(clientAreaState.config.hasDefinedLink).toBe(false);
  },
};

/** Leaving with changes asks first; "Descartar alterações" puts the saved values back. */
export const UnsavedChanges: Story = {
  beforeEach: () => resetClientAreaState('filled'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const title = await canvas.findByRole('textbox', { name: 'Título da página' });
    await userEvent.type(title, ' 2');
    await userEvent.click(canvas.getByRole('link', { name: 'Capa' }));
    const dialog = within(await body().findByRole('alertdialog', { name: 'Sair sem salvar?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Continuar editando' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Descartar alterações' }));
    await expect(title).toHaveValue('Consultório Ana Souza');
    await userEvent.click(canvas.getByRole('link', { name: 'Capa' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Capa da área do cliente' })).toBeVisible();
  },
};
