import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { IconPlus } from '../Icon';
import { Stack } from '../Stack';
import { Button } from './Button';

const meta = {
  title: 'Ações/Button',
  component: Button,
  tags: ['autodocs'],
  args: { children: 'Salvar', onPress: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'secondary', 'ghost', 'danger'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Salvar' });
    await userEvent.click(button);
    await expect(args.onPress).toHaveBeenCalledTimes(1);
    // Keyboard users reach it with Tab and activate it with Enter.
    await userEvent.tab({ shift: true });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onPress).toHaveBeenCalledTimes(2);
  },
};

export const Secondary: Story = { args: { variant: 'secondary', children: 'Cancelar' } };
export const Ghost: Story = { args: { variant: 'ghost', children: 'Ver detalhes' } };
export const Danger: Story = { args: { variant: 'danger', children: 'Excluir cliente' } };

export const Sizes: Story = {
  render: (args) => (
    <Stack direction="row" gap={3} align="center">
      <Button {...args} size="sm">
        Pequeno
      </Button>
      <Button {...args} size="md">
        Médio
      </Button>
      <Button {...args} size="lg">
        Grande
      </Button>
    </Stack>
  ),
};

export const WithIcon: Story = {
  args: {
    children: (
      <>
        <IconPlus size={18} /> Novo cliente
      </>
    ),
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Salvar' });
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};

export const Pending: Story = {
  args: { isPending: true, children: 'Entrar' },
  play: async ({ canvas, args }) => {
    // The accessible name is kept while the spinner shows; presses are ignored.
    const button = canvas.getByRole('button', { name: /Entrar/ });
    await userEvent.click(button);
    await expect(args.onPress).not.toHaveBeenCalled();
    await expect(within(button).getByRole('progressbar', { name: 'Carregando' })).toBeInTheDocument();
  },
};

export const FullWidth: Story = { args: { isFullWidth: true, children: 'Criar conta' } };

/** On a phone-narrow column a long label breaks into lines and the button stays inside it. */
export const Wrapping: Story = {
  args: {
    variant: 'ghost',
    size: 'sm',
    isWrapping: true,
    children: 'Adicionar perguntas complementares à alternativa 1',
  },
  render: (args) => (
    <div data-testid="column" style={{ width: 180, border: '1px dashed var(--color-border)' }}>
      <Button {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Adicionar perguntas complementares à alternativa 1' });
    const column = canvas.getByTestId('column').getBoundingClientRect();
    await expect(button.getBoundingClientRect().right).toBeLessThanOrEqual(column.right);
    await expect(button.getBoundingClientRect().height).toBeGreaterThan(40);
  },
};

export const Dark: Story = {
  globals: { colorMode: 'dark' },
  render: (args) => (
    <Stack direction="row" gap={3} wrap>
      <Button {...args}>Primário</Button>
      <Button {...args} variant="secondary">
        Secundário
      </Button>
      <Button {...args} variant="ghost">
        Discreto
      </Button>
      <Button {...args} variant="danger">
        Excluir
      </Button>
    </Stack>
  ),
};
