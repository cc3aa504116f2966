import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button';
import { Text } from '../Text';
import { Modal, type ModalProps } from './Modal';

function ModalDemo(args: ModalProps) {
  const [isOpen, setOpen] = useState(args.isOpen);
  return (
    <>
      <Button onPress={() => setOpen(true)}>Excluir cliente</Button>
      <Modal
        {...args}
        isOpen={isOpen}
        onOpenChange={(open) => {
          setOpen(open);
          args.onOpenChange(open);
        }}
      />
    </>
  );
}

const meta = {
  title: 'Overlays/Modal',
  component: Modal,
  tags: ['autodocs'],
  parameters: { docs: { story: { inline: false, iframeHeight: 420 } } },
  args: {
    title: 'Excluir cliente',
    isOpen: false,
    onOpenChange: fn(),
    children: <Text>Os dados pessoais de Ana Souza serão anonimizados. Essa ação não pode ser desfeita.</Text>,
    footer: ({ close }) => (
      <>
        <Button variant="secondary" onPress={close}>
          Cancelar
        </Button>
        <Button variant="danger" onPress={close}>
          Excluir
        </Button>
      </>
    ),
  },
  render: (args) => <ModalDemo {...args} />,
} satisfies Meta<typeof Modal>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Excluir cliente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir cliente' });
    // Focus moves into the dialog; Escape closes it.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

export const Open: Story = {
  args: { isOpen: true },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Excluir cliente' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

export const Dismissable: Story = {
  args: { isOpen: true, isDismissable: true, footer: undefined, title: 'Novidades' },
  play: async ({ args }) => {
    await screen.findByRole('dialog', { name: 'Novidades' });
    await userEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(args.onOpenChange).toHaveBeenCalledWith(false));
  },
};

export const Dark: Story = { globals: { colorMode: 'dark' }, args: { isOpen: true } };
