import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  practiceHandlerList,
  practiceInvoice,
  practiceSaleFixtures,
  resetPracticeState,
} from '@acompanha/api-client/mocks';
import { toastQueue } from '@acompanha/ui';
import { ServicesPage } from './ServicesPage';
import { PracticeScreen } from './PracticeScreen';
import { resetPortal } from '../../storybook/PortalScreen';
import { currentMonthSP } from '../../lib/today';

/** Invoice calls of the current story, to check the period asked for. */
let invoiceQueries: { periodStart: string | null; periodEnd: string | null }[] = [];

const meta = {
  title: 'Screens/Services',
  component: ServicesPage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', msw: { handlers: practiceHandlerList } },
  beforeEach: () => {
    resetPortal({ signedIn: true });
    resetPracticeState();
    invoiceQueries = [];
    for (const toast of toastQueue.visibleToasts) toastQueue.close(toast.key);
  },
  render: () => <PracticeScreen path="/services" />,
} satisfies Meta<typeof ServicesPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

async function openTab(canvasElement: HTMLElement, name: string) {
  await userEvent.click(await within(canvasElement).findByRole('tab', { name }));
}

/** The services with price in reais, modality, validity, consultations and status. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Serviços e vendas' })).toBeVisible();
    const row = (await canvas.findByRole('rowheader', { name: /Plano trimestral/ })).closest(
      '[role="row"]',
    ) as HTMLElement;
    await expect(row).toHaveTextContent('R$ 990,00');
    await expect(row).toHaveTextContent('Híbrido');
    await expect(row).toHaveTextContent('90 dias');
    await expect(row).toHaveTextContent('Ativo');
    const inactive = canvas.getByRole('rowheader', { name: /Consulta avulsa/ }).closest('[role="row"]') as HTMLElement;
    await expect(inactive).toHaveTextContent('Desativado');
  },
};

export const CreateService: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Novo serviço' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Novo serviço' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /^Nome/ }), 'Avaliação de bioimpedância');
    const price = dialog.getByRole('textbox', { name: /^Preço/ });
    await userEvent.type(price, '150,5');
    await userEvent.tab();
    await expect((price as HTMLInputElement).value).toBe('150,50');
    await userEvent.click(dialog.getByRole('button', { name: 'Criar serviço' }));
    await expect(await body().findByText('Serviço “Avaliação de bioimpedância” criado.')).toBeVisible();
    const row = (await canvas.findByRole('rowheader', { name: /Avaliação de bioimpedância/ })).closest(
      '[role="row"]',
    ) as HTMLElement;
    await expect(row).toHaveTextContent('R$ 150,50');
    await expect(row).toHaveTextContent('30 dias');
  },
};

/** A required name: the dialog does not send an empty service. */
export const CreateServiceRequiresName: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Novo serviço' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Novo serviço' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Criar serviço' }));
    await expect(await dialog.findByText('Informe o nome.')).toBeVisible();
  },
};

export const DisableAndEnable: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Ações de Plano trimestral' }));
    await userEvent.click(await body().findByRole('menuitem', { name: 'Desativar' }));
    const dialog = within(await body().findByRole('alertdialog', { name: 'Desativar serviço?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Desativar' }));
    await expect(await body().findByText('“Plano trimestral” foi desativado.')).toBeVisible();
    await waitFor(() => expect(canvas.getAllByText('Desativado')).toHaveLength(2));
    await userEvent.click(canvas.getByRole('button', { name: 'Ações de Consulta avulsa' }));
    await userEvent.click(await body().findByRole('menuitem', { name: 'Reativar' }));
    await expect(await body().findByText('“Consulta avulsa” foi reativado.')).toBeVisible();
  },
};

export const SalesList: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openTab(canvasElement, 'Vendas');
    const table = within(await canvas.findByRole('grid', { name: 'Vendas' }));
    await expect(await table.findByText('Carlos Pereira')).toBeVisible();
    await expect(table.getByText('R$ 1.234,56')).toBeVisible();
    await expect(table.getAllByRole('row')).toHaveLength(4);
    await userEvent.click(canvas.getByRole('button', { name: /Situação/ }));
    await userEvent.click(await body().findByRole('option', { name: 'Reembolsadas' }));
    await waitFor(() => expect(table.getAllByRole('row')).toHaveLength(2));
    await expect(table.getByText('Boleto')).toBeVisible();
  },
};

export const RegisterSaleWithClientSearch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openTab(canvasElement, 'Vendas');
    await userEvent.click(await canvas.findByRole('button', { name: 'Registrar venda' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Registrar venda' }));
    await userEvent.type(dialog.getByRole('combobox', { name: /^Cliente/ }), 'Carl');
    await userEvent.click(await body().findByRole('option', { name: 'Carlos Pereira' }));
    // The field shows who was chosen, not what was typed.
    await expect(dialog.getByRole('combobox', { name: /^Cliente/ })).toHaveValue('Carlos Pereira');
    await userEvent.click(dialog.getByRole('button', { name: /Serviço/ }));
    await userEvent.click(await body().findByRole('option', { name: /Acompanhamento mensal/ }));
    await waitFor(() =>
      expect((dialog.getByRole('textbox', { name: /^Valor/ }) as HTMLInputElement).value).toBe('390,00'),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Registrar venda' }));
    await expect(await body().findByText('Venda registrada: Acompanhamento mensal para Carlos Pereira.')).toBeVisible();
  },
};

/**
 * Sent empty, the dialog says under each field what is missing — never the browser's own bubble (every
 * `invalid` event is taken by the form). A negative amount is refused, never flipped; a zero amount asks
 * first whether it is a courtesy.
 */
export const RegisterSaleEmptyNegativeAndFree: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bubbles: string[] = [];
    const watch = (e: Event) =>
      setTimeout(() => !e.defaultPrevented && bubbles.push((e.target as HTMLElement).outerHTML.slice(0, 120)));
    document.addEventListener('invalid', watch, true);
    try {
      await openTab(canvasElement, 'Vendas');
      await userEvent.click(await canvas.findByRole('button', { name: 'Registrar venda' }));
      const dialog = within(await body().findByRole('dialog', { name: 'Registrar venda' }));
      await userEvent.click(dialog.getByRole('button', { name: 'Registrar venda' }));
      await expect(await dialog.findByText('Escolha o cliente.')).toBeVisible();
      await expect(dialog.getByText('Escolha o serviço.')).toBeVisible();
      await expect(dialog.getByText('Informe o valor.')).toBeVisible();
      await new Promise((r) => setTimeout(r, 20));
      await expect(bubbles).toEqual([]);

      await userEvent.type(dialog.getByRole('combobox', { name: /^Cliente/ }), 'Carl');
      await userEvent.click(await body().findByRole('option', { name: 'Carlos Pereira' }));
      await userEvent.click(dialog.getByRole('button', { name: /Serviço/ }));
      await userEvent.click(await body().findByRole('option', { name: /Acompanhamento mensal/ }));
      const amount = dialog.getByRole('textbox', { name: /^Valor/ });
      await waitFor(() => expect(amount).toHaveValue('390,00'));
      await userEvent.clear(amount);
      await userEvent.type(amount, '-10');
      await userEvent.click(dialog.getByRole('button', { name: 'Registrar venda' }));
      await expect(await dialog.findByText('O valor não pode ser negativo.')).toBeVisible();
      await expect(amount).toHaveValue('-10');
      await expect(body().queryByText(/Venda registrada/)).not.toBeInTheDocument();

      await userEvent.clear(amount);
      await userEvent.type(amount, '0');
      await userEvent.click(dialog.getByRole('button', { name: 'Registrar venda' }));
      const ask = within(await body().findByRole('alertdialog', { name: 'Registrar venda sem valor (cortesia)?' }));
      await userEvent.click(ask.getByRole('button', { name: 'Registrar cortesia' }));
      await expect(
        await body().findByText('Venda registrada: Acompanhamento mensal para Carlos Pereira.'),
      ).toBeVisible();
      await expect(bubbles).toEqual([]);
    } finally {
      document.removeEventListener('invalid', watch, true);
    }
  },
};

/**
 * The list still shows a sale as paid after it was refunded elsewhere: the second refund is refused
 * with SALE_ALREADY_REFOUNDED, which the screen explains itself (no generic error toast).
 */
export const RefundTwice: Story = {
  parameters: {
    msw: {
      handlers: [
        // A stale list: always the fixtures as they were, so the sale can be refunded twice.
        http.get('*/api/sales', () =>
          HttpResponse.json({ items: practiceSaleFixtures, total: practiceSaleFixtures.length }),
        ),
        ...practiceHandlerList,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openTab(canvasElement, 'Vendas');
    const refund = async () => {
      await userEvent.click(
        await canvas.findByRole('button', {
          name: 'Ações da venda de Plano trimestral para Carlos Pereira em 05/11/2026',
        }),
      );
      await userEvent.click(await body().findByRole('menuitem', { name: 'Reembolsar' }));
      const dialog = within(await body().findByRole('alertdialog', { name: 'Reembolsar venda?' }));
      await userEvent.click(dialog.getByRole('button', { name: 'Reembolsar' }));
    };
    await refund();
    await expect(await body().findByText('Venda reembolsada.')).toBeVisible();
    await waitFor(() => expect(body().queryByRole('alertdialog', { name: 'Reembolsar venda?' })).toBeNull());
    await refund();
    await expect(
      await body().findByText('Esta venda já tinha sido reembolsada. A lista foi atualizada.'),
    ).toBeVisible();
    await expect(body().queryByText('Esta venda já foi reembolsada.')).toBeNull();
  },
};

export const DeleteSale: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openTab(canvasElement, 'Vendas');
    await userEvent.click(
      await canvas.findByRole('button', {
        name: 'Ações da venda de Plano trimestral para Carlos Pereira em 05/11/2026',
      }),
    );
    await userEvent.click(await body().findByRole('menuitem', { name: 'Excluir' }));
    const dialog = within(await body().findByRole('alertdialog', { name: 'Excluir venda?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Excluir venda' }));
    await expect(await body().findByText('Venda excluída.')).toBeVisible();
    await waitFor(() => expect(canvas.queryByText('Carlos Pereira')).toBeNull());
  },
};

/** Faturamento opens on the current São Paulo month; the totals and the lines come from the API. */
export const Invoice: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get('*/api/services/invoice', ({ request }) => {
          const q = new URL(request.url).searchParams;
          invoiceQueries.push({ periodStart: q.get('periodStart'), periodEnd: q.get('periodEnd') });
          // Fixed sales of November 2026 whatever the period, so the totals do not depend on today.
          return HttpResponse.json({
            ...practiceInvoice(practiceSaleFixtures, '2026-10-01', '2026-11-30'),
            periodStart: q.get('periodStart'),
            periodEnd: q.get('periodEnd'),
          });
        }),
        ...practiceHandlerList,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openTab(canvasElement, 'Faturamento');
    const month = currentMonthSP();
    await waitFor(() =>
      expect(invoiceQueries[0]).toEqual({ periodStart: month.start.toString(), periodEnd: month.end.toString() }),
    );
    // 390,00 + 1.234,56 + 390,00 (refunded)
    await expect(await canvas.findByRole('region', { name: 'Bruto' })).toHaveTextContent('R$ 2.014,56');
    await expect(canvas.getByRole('region', { name: 'Reembolsos' })).toHaveTextContent('R$ 390,00');
    await expect(canvas.getByRole('region', { name: 'Líquido' })).toHaveTextContent('R$ 1.624,56');
    const lines = within(canvas.getByRole('grid', { name: 'Faturamento por serviço' }));
    const monthly = lines
      .getByRole('rowheader', { name: 'Acompanhamento mensal' })
      .closest('[role="row"]') as HTMLElement;
    await expect(monthly).toHaveTextContent(/2\s*R\$ 780,00\s*R\$ 390,00\s*R\$ 390,00/);
    await expect(within(canvas.getByRole('grid', { name: 'Vendas do período' })).getAllByRole('row')).toHaveLength(4);
    await expect(canvas.getByRole('button', { name: 'Imprimir' })).toBeEnabled();
  },
};
