import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { DialogTrigger, Modal as AriaModal, ModalOverlay } from 'react-aria-components';
import { Button } from '../Button';
import { Text } from '../Text';
import { Dialog } from './Dialog';

const meta = {
  title: 'Overlays/Dialog',
  component: Dialog,
  tags: ['autodocs'],
  args: {
    title: 'Inativar cliente',
    children: <Text>Os dados de Ana Souza continuam guardados e você pode reativá-la depois.</Text>,
  },
  render: (args) => (
    <div
      css={{
        maxWidth: 480,
        padding: 'var(--space-5)',
        background: 'var(--color-surface)',
        border: '1px solid var(--color-border)',
        borderRadius: 'var(--radius-lg)',
      }}
    >
      <Dialog {...args} />
    </div>
  ),
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('dialog', { name: 'Inativar cliente' })).toBeInTheDocument();
  },
};

export const WithFooter: Story = {
  args: {
    footer: ({ close }) => (
      <>
        <Button variant="secondary" onPress={close}>
          Cancelar
        </Button>
        <Button variant="danger" onPress={close}>
          Inativar
        </Button>
      </>
    ),
  },
};

/** Uncontrolled, opened by a trigger (RAC DialogTrigger + ModalOverlay). */
export const WithTrigger: Story = {
  parameters: { docs: { story: { inline: false, iframeHeight: 360 } } },
  args: { footer: undefined },
  render: (args) => {
    const onConfirm = fn();
    return (
      <DialogTrigger>
        <Button variant="secondary">Abrir</Button>
        <ModalOverlay
          css={{
            position: 'fixed',
            inset: 0,
            display: 'grid',
            placeItems: 'center',
            background: 'var(--color-overlay)',
          }}
        >
          <AriaModal
            css={{
              width: 480,
              padding: 'var(--space-5)',
              background: 'var(--color-surface)',
              borderRadius: 'var(--radius-lg)',
            }}
          >
            <Dialog
              {...args}
              footer={({ close }) => (
                <Button
                  onPress={() => {
                    onConfirm();
                    close();
                  }}
                >
                  Entendi
                </Button>
              )}
            />
          </AriaModal>
        </ModalOverlay>
      </DialogTrigger>
    );
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Abrir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Inativar cliente' });
    await userEvent.click(screen.getByRole('button', { name: 'Entendi' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  },
};
