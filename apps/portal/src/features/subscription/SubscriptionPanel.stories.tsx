import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  accessHandlers,
  accountHandlers,
  allSubscriptionHandlers,
  dataExportHandlerList,
  errorHandler,
  schedulingHandlers,
  subscriptionState,
  TEST_CARDS,
  type SignatureFixtureName,
} from '@acompanha/api-client/mocks';
import { SubscriptionPanel } from './SubscriptionPanel';
import { PortalScreen, resetPortal } from '../../storybook/PortalScreen';
import { store } from '../../app/store';

// The whole /profile page: its other cards (account activity, "Exportar tudo") answer too, so no toast is theirs.
const handlers = [
  schedulingHandlers.getTemplate,
  accountHandlers.getMe,
  accessHandlers.activity,
  ...dataExportHandlerList,
  ...allSubscriptionHandlers,
];
const onProfile = (subscription: SignatureFixtureName) => ({
  beforeEach: () => resetPortal({ signedIn: true, subscription }),
});
const section = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  const heading = await canvas.findByRole('heading', { name: 'Assinatura', level: 2 });
  return within(heading.closest('section') ?? canvasElement);
};
const body = () => within(document.body);

/** Fills the card form in `scope` with a valid card and holder. */
async function fillCard(scope: ReturnType<typeof within>, number: string = TEST_CARDS.approved) {
  await userEvent.type(scope.getByLabelText('Nome impresso no cartão'), 'ANA SOUZA');
  await userEvent.type(scope.getByLabelText('Número do cartão'), number);
  await userEvent.type(scope.getByLabelText('Validade (MM/AA)'), '0830');
  await userEvent.type(scope.getByLabelText('Código de segurança (CVV)'), '123');
  await userEvent.type(scope.getByLabelText('CPF do titular'), '52998224725');
  await userEvent.type(scope.getByLabelText('Telefone do titular'), '11912345678');
  await userEvent.type(scope.getByLabelText('CEP'), '01310100');
  await userEvent.type(scope.getByLabelText('Número do endereço'), '1000');
}

const meta = {
  title: 'Screens/Profile/Subscription',
  component: SubscriptionPanel,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', msw: { handlers } },
  ...onProfile('active'),
  render: () => <PortalScreen path="/profile" />,
} satisfies Meta<typeof SubscriptionPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  name: 'Active with history',
  play: async ({ canvasElement }) => {
    const panel = await section(canvasElement);
    await expect(await panel.findByText(/^Ativa — próxima cobrança em \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
    await expect(await panel.findByText('Mensal — R$ 89,90/mês')).toBeVisible();
    await expect(await panel.findByText('Mastercard final 8829 · validade 08/30')).toBeVisible();
    const table = await panel.findByRole('table');
    await expect(within(table).getAllByRole('row')).toHaveLength(3);
    await userEvent.click(within(table).getAllByRole('button', { name: /^Recibo de/ })[0]!);
    const receipt = await body().findByRole('dialog', { name: /^Recibo nº ACP-/ });
    await expect(within(receipt).getByText('Ana Souza')).toBeVisible();
    await expect(within(receipt).getByText('529.982.247-25')).toBeVisible();
    await expect(within(receipt).getByRole('button', { name: 'Imprimir' })).toBeVisible();
  },
};

export const Trial: Story = {
  ...onProfile('trial'),
  play: async ({ canvasElement }) => {
    const panel = await section(canvasElement);
    await expect(await panel.findByText('Período de teste: 5 dias restantes')).toBeVisible();
    await expect(await panel.findByText('Economize R$ 179,80 por ano')).toBeVisible();
    await expect(await panel.findByText('Nenhuma cobrança até agora.')).toBeVisible();
  },
};

export const PastDue: Story = {
  ...onProfile('pastDue'),
  play: async ({ canvasElement }) => {
    const panel = await section(canvasElement);
    await expect(await panel.findByText('Pagamento em atraso')).toBeVisible();
    await expect(panel.getByText(/Tentaremos de novo em \d{2}\/\d{2}\/\d{4}\./)).toBeVisible();
    await expect(panel.getByText(/Troque o cartão até \d{2}\/\d{2}\/\d{4} para não perder o acesso/)).toBeVisible();
    // The panel says what the past-due reminder would: the reminder counts as seen (snoozed for a day) and
    // never opens over the panel, or over the card form she may be filling.
    await waitFor(() => expect(store.getState().activationDismissedAt).not.toBeNull());
    await expect(body().queryByRole('dialog')).toBeNull();
  },
};

export const PastDueSwapPays: Story = {
  name: 'Past due: a new card pays the open charge',
  ...onProfile('pastDue'),
  play: async ({ canvasElement }) => {
    const panel = await section(canvasElement);
    await userEvent.click(await panel.findByRole('button', { name: 'Trocar cartão' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Trocar cartão' }));
    await expect(dialog.getByText(/A mensalidade em aberto será cobrada no novo cartão/)).toBeVisible();
    // A card that refuses every charge: swapped, but the charge is refused; the dialog stays for another card.
    await fillCard(dialog, TEST_CARDS.refusedOnCharge);
    await userEvent.click(dialog.getByRole('button', { name: 'Trocar cartão' }));
    await expect(await dialog.findByText(/a mensalidade em aberto foi recusada nele/)).toBeVisible();
    const number = dialog.getByLabelText('Número do cartão');
    await userEvent.clear(number);
    await userEvent.type(number, TEST_CARDS.approved);
    await userEvent.click(dialog.getByRole('button', { name: 'Trocar cartão' }));
    await expect(await body().findByText('Cartão atualizado e mensalidade paga.')).toBeVisible();
    await expect(await panel.findByText(/^Ativa — próxima cobrança em/)).toBeVisible();
  },
};

export const Cancelled: Story = {
  ...onProfile('cancelled'),
  play: async ({ canvasElement }) => {
    const panel = await section(canvasElement);
    await expect(await panel.findByText(/^Cancelada — acesso até \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
    await expect(panel.getByText('Vou pausar os atendimentos.')).toBeVisible();
    await expect(panel.queryByRole('button', { name: 'Cancelar assinatura' })).toBeNull();
  },
};

export const SubscribeSuccess: Story = {
  ...onProfile('trial'),
  play: async ({ canvasElement }) => {
    const panel = await section(canvasElement);
    await userEvent.click(await panel.findByRole('button', { name: 'Assinar plano anual' }));
    const dialog = within(await body().findByRole('dialog'));
    await expect(dialog.getByRole('radio', { name: /^Anual/ })).toBeChecked();
    await fillCard(dialog);
    await expect(dialog.getByLabelText('Número do cartão')).toHaveValue('5162 3062 1937 8829');
    await expect(dialog.getByText('Bandeira: Mastercard')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Assinar' }));
    await expect(await body().findByRole('heading', { name: 'Assinatura ativa!' })).toBeVisible();
    await userEvent.click(body().getByRole('button', { name: 'Continuar' }));
    await expect(await panel.findByText(/^Ativa — próxima cobrança em/)).toBeVisible();
    await expect(await panel.findByText('Anual — R$ 899,00/ano')).toBeVisible();
    await expect(subscriptionState.keys).toHaveLength(1);
  },
};

export const RefusedCard: Story = {
  ...onProfile('trial'),
  play: async ({ canvasElement }) => {
    const panel = await section(canvasElement);
    await userEvent.click(await panel.findByRole('button', { name: 'Assinar plano mensal' }));
    const dialog = within(await body().findByRole('dialog'));
    await fillCard(dialog, TEST_CARDS.refusedOnCharge);
    await userEvent.click(dialog.getByRole('button', { name: 'Assinar' }));
    await expect(
      await dialog.findByText('O pagamento foi recusado. Confira os dados ou use outro cartão.'),
    ).toBeVisible();
    // No toast repeats what the dialog says.
    await expect(body().queryByRole('alertdialog')).toBeNull();
  },
};

export const PendingThenSuccess: Story = {
  ...onProfile('trial'),
  play: async ({ canvasElement }) => {
    const panel = await section(canvasElement);
    await userEvent.click(await panel.findByRole('button', { name: 'Assinar plano mensal' }));
    const dialog = within(await body().findByRole('dialog'));
    await fillCard(dialog, TEST_CARDS.riskAnalysis);
    await userEvent.click(dialog.getByRole('button', { name: 'Assinar' }));
    await expect(await body().findByText(/Estamos aguardando a confirmação do seu banco…/)).toBeVisible();
    await expect(await body().findByRole('heading', { name: 'Assinatura ativa!' }, { timeout: 8000 })).toBeVisible();
  },
};

export const CancelConfirm: Story = {
  play: async ({ canvasElement }) => {
    const panel = await section(canvasElement);
    await userEvent.click(await panel.findByRole('button', { name: 'Cancelar assinatura' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Cancelar assinatura' }));
    await expect(
      dialog.getByText(/Seu acesso continua até \d{2}\/\d{2}\/\d{4}, o fim do período já pago/),
    ).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancelar assinatura' }));
    await expect(await dialog.findByText('Conte o motivo do cancelamento.')).toBeVisible();
    await userEvent.type(dialog.getByLabelText('Por que você está cancelando?'), 'Vou pausar os atendimentos.');
    await userEvent.click(dialog.getByRole('button', { name: 'Cancelar assinatura' }));
    await expect(await panel.findByText(/^Cancelada — acesso até/)).toBeVisible();
    await expect(await body().findByText('Assinatura cancelada.')).toBeVisible();
  },
};

export const Refund: Story = {
  ...onProfile('refundable'),
  play: async ({ canvasElement }) => {
    const panel = await section(canvasElement);
    await userEvent.click(await panel.findByRole('button', { name: 'Pedir reembolso' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Pedir reembolso' }));
    await expect(dialog.getByText(/Código de Defesa do Consumidor, art\. 49/)).toBeVisible();
    await expect(dialog.getByText(/a assinatura termina agora/)).toBeVisible();
    // The amount keeps its no-break space after "R$" (it never breaks from its number).
    await userEvent.click(await dialog.findByRole('button', { name: /^Reembolsar R\$\s89,90$/ }));
    await expect(await body().findByText('Reembolso solicitado.')).toBeVisible();
    await expect(await panel.findByText('Expirada')).toBeVisible();
    await expect(await panel.findByText('Reembolsada')).toBeVisible();
  },
};

export const SwapCard: Story = {
  play: async ({ canvasElement }) => {
    const panel = await section(canvasElement);
    await userEvent.click(await panel.findByRole('button', { name: 'Trocar cartão' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Trocar cartão' }));
    await expect(dialog.queryByLabelText('Cupom de desconto (opcional)')).toBeNull();
    await fillCard(dialog, '4000000000003006');
    await userEvent.click(dialog.getByRole('button', { name: 'Trocar cartão' }));
    await expect(await body().findByText('Cartão atualizado.')).toBeVisible();
    await expect(await panel.findByText('Visa final 3006 · validade 08/30')).toBeVisible();
    await waitFor(() => expect(subscriptionState.keys).toHaveLength(1));
  },
};

export const CardValidation: Story = {
  ...onProfile('trial'),
  play: async ({ canvasElement }) => {
    const panel = await section(canvasElement);
    await userEvent.click(await panel.findByRole('button', { name: 'Assinar plano mensal' }));
    const dialog = within(await body().findByRole('dialog'));
    await userEvent.type(dialog.getByLabelText('Nome impresso no cartão'), 'ANA SOUZA');
    await userEvent.type(dialog.getByLabelText('Número do cartão'), '5162306219378828');
    await userEvent.type(dialog.getByLabelText('Validade (MM/AA)'), '0120');
    await userEvent.type(dialog.getByLabelText('Código de segurança (CVV)'), '12');
    await userEvent.type(dialog.getByLabelText('CPF do titular'), '52998224724');
    await userEvent.click(dialog.getByRole('button', { name: 'Assinar' }));
    await expect(await dialog.findByText('Número do cartão inválido. Confira os dígitos.')).toBeVisible();
    await expect(dialog.getByText('Este cartão está vencido.')).toBeVisible();
    await expect(dialog.getByText('O código de segurança tem 3 ou 4 dígitos.')).toBeVisible();
    await expect(dialog.getByText('CPF inválido. Confira os números.')).toBeVisible();
    await expect(subscriptionState.keys).toHaveLength(0);
  },
};

export const ServerFieldErrors: Story = {
  ...onProfile('trial'),
  parameters: {
    msw: {
      handlers: [
        errorHandler('post', '/payment/signatures/service', 'WRONG_COMMAND_PARAMETERS', [
          { path: ['holder', 'postalCode'], message: 'CEP inválido.' },
          { path: ['card', 'expiryYear'], message: 'Ano de validade inválido.' },
        ]),
        ...handlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const panel = await section(canvasElement);
    await userEvent.click(await panel.findByRole('button', { name: 'Assinar plano mensal' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Assine o Acompanha' }));
    await fillCard(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Assinar' }));
    await expect(await dialog.findByText('CEP inválido.')).toBeVisible();
    await expect(dialog.getByText('Ano de validade inválido.')).toBeVisible();
    await expect(dialog.getByLabelText('CEP')).toHaveAttribute('aria-invalid', 'true');
  },
};

export const SwapCardRefused: Story = {
  play: async ({ canvasElement }) => {
    const panel = await section(canvasElement);
    await userEvent.click(await panel.findByRole('button', { name: 'Trocar cartão' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Trocar cartão' }));
    await fillCard(dialog, TEST_CARDS.refusedMastercard);
    await userEvent.click(dialog.getByRole('button', { name: 'Trocar cartão' }));
    await expect(
      await dialog.findByText('Não foi possível validar o cartão. Confira os dados do cartão.'),
    ).toBeVisible();
    await expect(panel.getByText('Mastercard final 8829 · validade 08/30')).toBeInTheDocument();
  },
};
