import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Stack } from '../Stack';
import { Switch } from './Switch';

const meta = {
  title: 'Formulários/Switch',
  component: Switch,
  tags: ['autodocs'],
  args: { children: 'Lembretes automáticos', onChange: fn() },
} satisfies Meta<typeof Switch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const toggle = canvas.getByRole('switch', { name: 'Lembretes automáticos' });
    await expect(toggle).not.toBeChecked();
    await userEvent.click(canvas.getByText('Lembretes automáticos'));
    await expect(toggle).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith(true);
    await userEvent.keyboard(' ');
    await expect(toggle).not.toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith(false);
  },
};

export const Selected: Story = { args: { defaultSelected: true } };

export const WithDescription: Story = {
  args: { description: 'O cliente recebe uma mensagem 24 horas antes da consulta.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('switch')).toHaveAccessibleDescription(
      'O cliente recebe uma mensagem 24 horas antes da consulta.',
    );
  },
};

export const LabelAtStart: Story = {
  args: { labelPosition: 'start' },
  render: (args) => (
    <div css={{ width: 320 }}>
      <Switch {...args} />
    </div>
  ),
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('switch')).toBeDisabled();
    await userEvent.click(canvas.getByText('Lembretes automáticos'), { pointerEventsCheck: 0 });
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const Dark: Story = {
  globals: { colorMode: 'dark' },
  render: (args) => (
    <Stack gap={3}>
      <Switch {...args}>Desligado</Switch>
      <Switch {...args} defaultSelected>
        Ligado
      </Switch>
    </Stack>
  ),
};
