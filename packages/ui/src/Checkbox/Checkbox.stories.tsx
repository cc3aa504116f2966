import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Stack } from '../Stack';
import { Checkbox, CheckboxGroup } from './Checkbox';

const meta = {
  title: 'Formulários/Checkbox',
  component: Checkbox,
  tags: ['autodocs'],
  args: { children: 'Enviar lembrete por WhatsApp', onChange: fn() },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const checkbox = canvas.getByRole('checkbox', { name: 'Enviar lembrete por WhatsApp' });
    await expect(checkbox).not.toBeChecked();
    await userEvent.click(canvas.getByText('Enviar lembrete por WhatsApp'));
    await expect(checkbox).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith(true);
    // Space toggles it back from the keyboard.
    await userEvent.keyboard(' ');
    await expect(checkbox).not.toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith(false);
  },
};

export const WithDescription: Story = {
  args: { description: 'Enviado 24 horas antes da consulta.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox')).toHaveAccessibleDescription('Enviado 24 horas antes da consulta.');
  },
};

export const Selected: Story = { args: { defaultSelected: true } };

export const Indeterminate: Story = {
  args: { isIndeterminate: true, children: 'Selecionar todos os clientes' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox')).toBePartiallyChecked();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas, args }) => {
    const checkbox = canvas.getByRole('checkbox');
    await expect(checkbox).toBeDisabled();
    await userEvent.click(canvas.getByText('Enviar lembrete por WhatsApp'), { pointerEventsCheck: 0 });
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const Invalid: Story = {
  args: {
    children: 'Li e aceito os termos de uso',
    isInvalid: true,
    errorMessage: 'Aceite os termos de uso para continuar.',
  },
  play: async ({ canvas }) => {
    const checkbox = canvas.getByRole('checkbox', { name: 'Li e aceito os termos de uso' });
    await expect(checkbox).toBeInvalid();
    await expect(canvas.getByText('Aceite os termos de uso para continuar.')).toBeVisible();
    await expect(checkbox).toHaveAccessibleDescription('Aceite os termos de uso para continuar.');
  },
};

export const Group: Story = {
  render: (args) => (
    <CheckboxGroup label="Dias de atendimento" defaultValue={['seg']} onChange={args.onChange as (v: string[]) => void}>
      <Checkbox value="seg">Segunda-feira</Checkbox>
      <Checkbox value="ter">Terça-feira</Checkbox>
      <Checkbox value="qua">Quarta-feira</Checkbox>
    </CheckboxGroup>
  ),
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('group', { name: 'Dias de atendimento' })).toBeInTheDocument();
    await userEvent.click(canvas.getByText('Quarta-feira'));
    await expect(args.onChange).toHaveBeenLastCalledWith(['seg', 'qua']);
    await expect(canvas.getByRole('checkbox', { name: 'Quarta-feira' })).toBeChecked();
  },
};

export const GroupHorizontal: Story = {
  render: () => (
    <CheckboxGroup label="Refeições" orientation="horizontal" description="Escolha as refeições do plano.">
      <Checkbox value="cafe">Café da manhã</Checkbox>
      <Checkbox value="almoco">Almoço</Checkbox>
      <Checkbox value="jantar">Jantar</Checkbox>
    </CheckboxGroup>
  ),
};

export const GroupInvalid: Story = {
  render: () => (
    <CheckboxGroup label="Dias de atendimento" isInvalid errorMessage="Escolha ao menos um dia.">
      <Checkbox value="seg">Segunda-feira</Checkbox>
      <Checkbox value="ter">Terça-feira</Checkbox>
    </CheckboxGroup>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Escolha ao menos um dia.')).toBeVisible();
    await expect(canvas.getByRole('group', { name: 'Dias de atendimento' })).toHaveAccessibleDescription(
      'Escolha ao menos um dia.',
    );
  },
};

export const GroupDisabled: Story = {
  render: () => (
    <CheckboxGroup label="Dias de atendimento" isDisabled defaultValue={['ter']}>
      <Checkbox value="seg">Segunda-feira</Checkbox>
      <Checkbox value="ter">Terça-feira</Checkbox>
    </CheckboxGroup>
  ),
  play: async ({ canvas }) => {
    for (const checkbox of canvas.getAllByRole('checkbox')) await expect(checkbox).toBeDisabled();
  },
};

export const Dark: Story = {
  globals: { colorMode: 'dark' },
  render: () => (
    <Stack gap={3}>
      <Checkbox>Não selecionado</Checkbox>
      <Checkbox defaultSelected>Selecionado</Checkbox>
      <Checkbox isIndeterminate>Parcial</Checkbox>
      <Checkbox isInvalid errorMessage="Campo obrigatório.">
        Com erro
      </Checkbox>
    </Stack>
  ),
};
