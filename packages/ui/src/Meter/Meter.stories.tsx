import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Stack } from '../Stack';
import { Meter } from './Meter';

const meta = {
  title: 'Feedback/Meter',
  component: Meter,
  tags: ['autodocs'],
  args: { label: 'Armazenamento usado', value: 35 },
  render: (args) => (
    <div css={{ maxWidth: 360 }}>
      <Meter {...args} />
    </div>
  ),
} satisfies Meta<typeof Meter>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const meter = canvas.getByRole('meter', { name: 'Armazenamento usado' });
    await expect(meter).toHaveAttribute('aria-valuenow', '35');
    await expect(canvas.getByText('35%')).toBeVisible();
  },
};

export const Warning: Story = { args: { value: 78 } };

export const Danger: Story = {
  args: { label: 'Clientes ativos do plano', value: 96, maxValue: 100, valueLabel: '96 de 100 clientes' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('meter')).toHaveAttribute('aria-valuetext', '96 de 100 clientes');
  },
};

export const Success: Story = {
  args: { label: 'Meta de água do dia', value: 100, variant: 'success', valueLabel: '2,5 L de 2,5 L' },
};

export const WithoutLabel: Story = {
  args: { label: undefined, 'aria-label': 'Uso do plano', showValueLabel: false, value: 50 },
};

export const Dark: Story = {
  globals: { colorMode: 'dark' },
  render: () => (
    <Stack gap={4} css={{ maxWidth: 360 }}>
      <Meter label="Armazenamento usado" value={35} />
      <Meter label="Envios de WhatsApp do mês" value={78} />
      <Meter label="Clientes ativos do plano" value={96} />
    </Stack>
  ),
};
