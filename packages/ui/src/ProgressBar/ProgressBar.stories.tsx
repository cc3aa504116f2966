import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Stack } from '../Stack';
import { ProgressBar } from './ProgressBar';

const meta = {
  title: 'Feedback/ProgressBar',
  component: ProgressBar,
  tags: ['autodocs'],
  args: { label: 'Importando clientes', value: 45 },
  render: (args) => (
    <div css={{ maxWidth: 360 }}>
      <ProgressBar {...args} />
    </div>
  ),
} satisfies Meta<typeof ProgressBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('progressbar', { name: 'Importando clientes' });
    await expect(bar).toHaveAttribute('aria-valuenow', '45');
    await expect(canvas.getByText('45%')).toBeVisible();
  },
};

export const CustomValueLabel: Story = {
  args: { label: 'Enviando exames', value: 3, maxValue: 5, valueLabel: '3 de 5 arquivos' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '3 de 5 arquivos');
    await expect(canvas.getByText('3 de 5 arquivos')).toBeVisible();
  },
};

export const Indeterminate: Story = {
  args: { isIndeterminate: true, label: 'Gerando relatório' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Gerando relatório' })).not.toHaveAttribute('aria-valuenow');
  },
};

export const Complete: Story = { args: { value: 100, variant: 'success', label: 'Importação concluída' } };

export const Failed: Story = {
  args: { value: 70, variant: 'danger', label: 'Falha no envio', valueLabel: 'Interrompido' },
};

export const Small: Story = {
  args: { size: 'sm', label: undefined, 'aria-label': 'Progresso do questionário', showValueLabel: false, value: 60 },
};

export const Dark: Story = {
  globals: { colorMode: 'dark' },
  render: () => (
    <Stack gap={4} css={{ maxWidth: 360 }}>
      <ProgressBar label="Importando clientes" value={45} />
      <ProgressBar label="Concluído" value={100} variant="success" />
      <ProgressBar label="Falhou" value={70} variant="danger" />
      <ProgressBar label="Gerando relatório" isIndeterminate />
    </Stack>
  ),
};
