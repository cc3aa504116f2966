import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
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

/** Every element under `root` that scrolls sideways (its content wider than its box). */
const scrollsSideways = (root: HTMLElement) =>
  [root, ...root.querySelectorAll<HTMLElement>('*')].filter(
    (el) => el.scrollWidth > el.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(el).overflowX),
  );

/**
 * A month in a phone's width: the chart fits its box (nothing scrolls sideways, so there is no region a keyboard
 * cannot reach), drawn in the box's own pixels (labels never stretched), with fewer axis labels.
 */
export const PhoneWidth: Story = {
  args: {
    data: Array.from({ length: 31 }, (_, i) => ({ label: String(i + 1).padStart(2, '0'), value: (i % 7) * 15000 })),
  },
  render: (args) => (
    <div style={{ width: 326 }}>
      <BarChart {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const figure = within(canvasElement).getByRole('figure', { name: 'Faturamento por dia' });
    const svg = figure.querySelector('svg')!;
    await waitFor(() => expect(svg.viewBox.baseVal.width).toBe(Math.round(svg.getBoundingClientRect().width)));
    await expect(svg.getBoundingClientRect().width).toBeLessThanOrEqual(326);
    await expect(scrollsSideways(canvasElement)).toEqual([]);
    // One label every few days (01, 06, 11, …): at most one per 44 px.
    const labels = [...svg.querySelectorAll('text')].map((t) => t.textContent).slice(0, -1);
    await expect(labels).toEqual(['01', '06', '11', '16', '21', '26', '31']);
  },
};
