import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import type { DashboardSummary } from '@acompanha/api-client';
import { errorHandler, pendingHandler } from '@acompanha/api-client/mocks';
import { DashboardPage } from './DashboardPage';
import { PortalScreen, resetPortal } from '../../storybook/PortalScreen';

const summary: DashboardSummary = {
  today: '2026-11-21',
  patients: { active: 172, newThisMonth: 9 },
  sales: {
    month: '2026-11',
    count: 14,
    grossCents: 642000,
    refundsCents: 39000,
    netCents: 603000,
    byDay: Array.from({ length: 21 }, (_, i) => ({
      date: `2026-11-${String(i + 1).padStart(2, '0')}`,
      count: i % 3 === 0 ? 1 : 0,
      netCents: i % 3 === 0 ? 39000 + i * 1000 : 0,
    })),
  },
  expiringServices: [
    { patientId: '11111111-1111-4111-8111-111111111111', patientName: 'Joana Prado', serviceName: 'Acompanhamento mensal', endsAt: '2026-11-24', daysLeft: 3 },
    { patientId: '22222222-2222-4222-8222-222222222222', patientName: 'Caio Ribeiro', serviceName: 'Plano trimestral', endsAt: '2026-12-01', daysLeft: 10 },
  ],
};

const meta = {
  title: 'Screens/Dashboard',
  component: DashboardPage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', msw: { handlers: [http.get('*/api/dashboard/summary', () => HttpResponse.json(summary))] } },
  beforeEach: () => resetPortal({ signedIn: true }),
  render: () => <PortalScreen path="/dashboard" />,
} satisfies Meta<typeof DashboardPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Painel' })).toBeVisible();
    await expect(canvas.getByText('172')).toBeVisible();
    await expect(canvas.getByText(/6\.030,00/)).toBeVisible();
    await expect(canvas.getByRole('figure', { name: 'Faturamento por dia em novembro' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Joana Prado' })).toHaveAttribute('href', '/clients/profile/11111111-1111-4111-8111-111111111111');
    await expect(canvas.getByText(/termina em 3 dias \(24\/11\/2026\)/)).toBeVisible();
  },
};

export const ChartAsTable: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Ver dados em tabela' }));
    const table = canvas.getByRole('table', { name: 'Faturamento por dia em novembro' });
    await expect(within(table).getAllByRole('row')).toHaveLength(22);
  },
};

export const NothingExpiring: Story = {
  parameters: { msw: { handlers: [http.get('*/api/dashboard/summary', () => HttpResponse.json({ ...summary, expiringServices: [] }))] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'Nenhum serviço terminando' })).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [pendingHandler('get', '/dashboard/summary')] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toBeInTheDocument();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: [errorHandler('get', '/dashboard/summary', 'INTERNAL_ERROR')] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Unexpected Application Error!', {}, { timeout: 8000 })).toBeVisible();
  },
};
