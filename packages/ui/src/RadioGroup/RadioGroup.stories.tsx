import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Radio, RadioGroup } from './RadioGroup';

const options = (
  <>
    <Radio value="presencial">Presencial</Radio>
    <Radio value="online">Online</Radio>
    <Radio value="domicilio">Domiciliar</Radio>
  </>
);

const meta = {
  title: 'Formulários/RadioGroup',
  component: RadioGroup,
  tags: ['autodocs'],
  args: { label: 'Tipo de consulta', children: options, onChange: fn() },
} satisfies Meta<typeof RadioGroup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('radiogroup', { name: 'Tipo de consulta' })).toBeInTheDocument();
    await userEvent.click(canvas.getByText('Presencial'));
    await expect(canvas.getByRole('radio', { name: 'Presencial' })).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith('presencial');
    // Arrow keys move the selection, as in a native radio group.
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('radio', { name: 'Online' })).toBeChecked();
    await expect(canvas.getByRole('radio', { name: 'Online' })).toHaveFocus();
    await expect(args.onChange).toHaveBeenLastCalledWith('online');
  },
};

export const Horizontal: Story = {
  args: { orientation: 'horizontal', defaultValue: 'online' },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByText('Online'));
    await userEvent.keyboard('{ArrowRight}');
    await expect(args.onChange).toHaveBeenLastCalledWith('domicilio');
  },
};

export const WithDescriptions: Story = {
  args: {
    label: 'Plano',
    description: 'Você pode trocar de plano a qualquer momento.',
    children: (
      <>
        <Radio value="mensal" description="R$ 49,90 por mês">
          Mensal
        </Radio>
        <Radio value="anual" description="R$ 479,00 por ano (2 meses grátis)">
          Anual
        </Radio>
      </>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('radio', { name: 'Anual' })).toHaveAccessibleDescription(/R\$ 479,00 por ano/);
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 'online' },
  play: async ({ canvas, args }) => {
    for (const radio of canvas.getAllByRole('radio')) await expect(radio).toBeDisabled();
    await userEvent.click(canvas.getByText('Presencial'), { pointerEventsCheck: 0 });
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const Invalid: Story = {
  args: { isInvalid: true, errorMessage: 'Escolha o tipo de consulta.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Escolha o tipo de consulta.')).toBeVisible();
    await expect(canvas.getByRole('radiogroup')).toHaveAccessibleDescription('Escolha o tipo de consulta.');
  },
};

export const Dark: Story = {
  globals: { colorMode: 'dark' },
  args: { defaultValue: 'online', description: 'Como o cliente será atendido.' },
};
