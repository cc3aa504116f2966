import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { BarChart } from './BarChart';

const brl = (cents: number) => (cents / 100).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });
const data = Array.from({ length: 21 }, (_, i) => ({
  label: String(i + 1).padStart(2, '0'),
  value: ((i * 7919) % 5) * 19000,
}));

const meta = {
  title: 'Dados/BarChart',
  component: BarChart,
  tags: ['autodocs'],
  args: { title: 'Faturamento por dia', data, formatValue: brl, valueHeader: 'Faturamento' },
} satisfies Meta<typeof BarChart>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('figure', { name: 'Faturamento por dia' })).toBeVisible();
    // The numbers are always in a table for screen readers; the button shows it to everyone.
    await expect(canvas.getByRole('table', { name: 'Faturamento por dia' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Ver dados em tabela' }));
    await expect(canvas.getByRole('button', { name: 'Ocultar tabela' })).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getAllByRole('cell', { name: /^R\$\s190,00$/ })[0]!).toBeVisible();
  },
};

export const Empty: Story = {
  args: { data: data.map((d) => ({ ...d, value: 0 })) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('cell', { name: /^R\$\s0,00$/ }).length).toBe(21);
  },
};

export const Dark: Story = { globals: { colorMode: 'dark' } };
