import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button';
import { IconButton } from '../IconButton';
import { IconSettings } from '../Icon';
import { Tooltip } from './Tooltip';

const page = (el: HTMLElement) => within(el.ownerDocument.body);

const meta = {
  title: 'Feedback/Tooltip',
  component: Tooltip,
  tags: ['autodocs'],
  args: {
    content: 'Configurações da conta',
    children: <IconButton aria-label="Configurações" icon={<IconSettings />} />,
    onOpenChange: fn(),
  },
  render: (args) => (
    <div css={{ padding: 'var(--space-7)' }}>
      <Tooltip {...args} />
    </div>
  ),
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    // Keyboard focus shows it immediately; it describes the button.
    await userEvent.tab();
    const button = canvas.getByRole('button', { name: 'Configurações' });
    await expect(button).toHaveFocus();
    const tooltip = await page(canvasElement).findByRole('tooltip');
    await expect(tooltip).toHaveTextContent('Configurações da conta');
    await expect(button).toHaveAccessibleDescription('Configurações da conta');
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true);
    // Escape hides it.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page(canvasElement).queryByRole('tooltip')).not.toBeInTheDocument());
  },
};

export const Bottom: Story = {
  args: { placement: 'bottom' },
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    const tooltip = await page(canvasElement).findByRole('tooltip');
    await waitFor(() => expect(tooltip).toHaveAttribute('data-placement', 'bottom'));
  },
};

export const OnTextButton: Story = {
  args: {
    content: 'Envia o plano por WhatsApp e e-mail',
    children: <Button variant="secondary">Publicar plano</Button>,
    placement: 'right',
  },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.tab();
    await expect(await page(canvasElement).findByRole('tooltip')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Publicar plano' })).toHaveAccessibleDescription(
      'Envia o plano por WhatsApp e e-mail',
    );
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await new Promise((r) => setTimeout(r, 100));
    await expect(page(canvasElement).queryByRole('tooltip')).not.toBeInTheDocument();
  },
};

export const Dark: Story = {
  globals: { colorMode: 'dark' },
  args: { defaultOpen: true },
  play: async ({ canvasElement }) => {
    const tooltip = await page(canvasElement).findByRole('tooltip');
    await waitFor(() => expect(tooltip).toBeVisible());
  },
};
