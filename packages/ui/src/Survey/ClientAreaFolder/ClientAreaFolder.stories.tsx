import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { ClientAreaThemeProvider } from '../../theme/ClientAreaThemeProvider';
import type { ClientAreaFolderColors, ClientAreaScheme } from '../../theme/clientArea';
import { Phone } from '../storyHelpers';
import { ClientAreaFolder } from './ClientAreaFolder';

const photo =
  'data:image/svg+xml;utf8,<svg xmlns="http://www.w3.org/2000/svg" width="400" height="600"><rect width="400" height="600" fill="%23FEF3C7"/><circle cx="200" cy="260" r="140" fill="%23F97316"/></svg>';

const meta = {
  title: 'Área do cliente/ClientAreaFolder',
  component: ClientAreaFolder,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story, ctx) => {
      const scheme = ctx.parameters.clientAreaScheme as ClientAreaScheme | undefined;
      const mode = ctx.globals.colorMode === 'dark' ? 'dark' : 'light';
      return (
        <ClientAreaThemeProvider
          scheme={
            scheme ?? {
              mode,
              scheme: { color: { light: '#2563EB', dark: '#1E3A8A' }, image: { light: null, dark: null } },
            }
          }
          folder={ctx.parameters.clientAreaFolder as Partial<ClientAreaFolderColors> | undefined}
        >
          <Phone>
            <Story />
          </Phone>
        </ClientAreaThemeProvider>
      );
    },
  ],
  args: { title: 'Ana Paula Ribeiro', subtitle: 'Nutricionista · CRN-3 12345', onEnter: fn() },
} satisfies Meta<typeof ClientAreaFolder>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Ana Paula Ribeiro' })).toBeInTheDocument();
    const button = canvas.getByRole('button', { name: 'Ir para a área do cliente' });
    await expect(getComputedStyle(button).backgroundColor).toBe('rgb(37, 99, 235)');
    await userEvent.click(button);
    await expect(args.onEnter).toHaveBeenCalledTimes(1);
  },
};

export const WithImage: Story = {
  parameters: {
    clientAreaScheme: {
      mode: 'light',
      scheme: { color: { light: '#FFFFFF', dark: '#030712' }, image: { light: photo, dark: photo } },
    },
  },
};

export const CustomScheme: Story = {
  parameters: {
    clientAreaScheme: {
      mode: 'light',
      scheme: { color: { light: '#065F46', dark: '#022C22' }, image: { light: null, dark: null } },
    },
    clientAreaFolder: { buttonBackground: '#FFFFFF', buttonColor: '#065F46', buttonText: 'Entrar' },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Entrar' })).toBeVisible();
  },
};

/** White texts on a pale cover and a white-on-yellow button are adjusted to near-black. */
export const ClashingScheme: Story = {
  parameters: {
    clientAreaScheme: {
      mode: 'light',
      scheme: { color: { light: '#FEF3C7', dark: '#030712' }, image: { light: null, dark: null } },
    },
    clientAreaFolder: { buttonBackground: '#FDE047' },
  },
  play: async ({ canvas }) => {
    await expect(getComputedStyle(canvas.getByRole('heading', { level: 1 })).color).toBe('rgb(3, 7, 18)');
    await expect(getComputedStyle(canvas.getByRole('button', { name: 'Ir para a área do cliente' })).color).toBe(
      'rgb(3, 7, 18)',
    );
  },
};

export const Dark: Story = { globals: { colorMode: 'dark' } };
