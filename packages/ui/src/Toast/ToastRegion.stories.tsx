import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button';
import { Stack } from '../Stack';
import { ToastRegion } from './ToastRegion';
import { toastQueue } from './toastQueue';

/**
 * The region itself is mounted once by the app (and by Storybook's global decorator); these
 * stories add toasts to the shared `toastQueue`.
 */
const meta = {
  title: 'Feedback/Toast',
  component: ToastRegion,
  tags: ['autodocs'],
  beforeEach: () => {
    toastQueue.clear();
    return () => toastQueue.clear();
  },
  render: () => (
    <Stack direction="row" gap={2} wrap>
      <Button onPress={() => toastQueue.add({ tone: 'success', title: 'Cliente salvo.' })}>Sucesso</Button>
      <Button
        variant="danger"
        onPress={() =>
          toastQueue.add({
            tone: 'error',
            title: 'Ops, houve um erro inesperado.',
            description: 'Por favor, tente novamente mais tarde.',
          })
        }
      >
        Erro
      </Button>
      <Button variant="secondary" onPress={() => toastQueue.add({ tone: 'info', title: 'Novas respostas recebidas.' })}>
        Informação
      </Button>
    </Stack>
  ),
} satisfies Meta<typeof ToastRegion>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Sucesso' }));
    const region = await screen.findByRole('region', { name: /Notificações/ });
    await expect(await within(region).findByText('Cliente salvo.')).toBeVisible();
  },
};

export const NewestOnTop: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Sucesso' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Informação' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Erro' }));
    const region = await screen.findByRole('region', { name: /Notificações/ });
    await waitFor(() => expect(within(region).getAllByRole('alertdialog')).toHaveLength(3));
    const titles = within(region)
      .getAllByRole('alertdialog')
      .map((t) => t.textContent);
    await expect(titles[0]).toContain('Ops, houve um erro inesperado.');
    await expect(titles[1]).toContain('Novas respostas recebidas.');
    await expect(titles[2]).toContain('Cliente salvo.');
  },
};

export const Dismiss: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Erro' }));
    const region = await screen.findByRole('region', { name: /Notificações/ });
    const toast = await within(region).findByRole('alertdialog');
    const close = within(toast).getByRole('button', { name: 'Fechar' });
    await userEvent.click(close);
    // The region unmounts with its last toast.
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(toastQueue.visibleToasts).toHaveLength(0);
  },
};

export const Dark: Story = {
  globals: { colorMode: 'dark' },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Erro' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Sucesso' }));
    await screen.findByText('Cliente salvo.');
  },
};
