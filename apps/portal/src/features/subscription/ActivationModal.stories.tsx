import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  accountHandlers,
  allSubscriptionHandlers,
  patientHandlers,
  schedulingHandlers,
  signatureFixtures,
  subscriptionState,
  type SignatureFixtureName,
} from '@acompanha/api-client/mocks';
import { http, HttpResponse } from 'msw';
import { PortalScreen, resetPortal } from '../../storybook/PortalScreen';
import { store } from '../../app/store';

const on = (subscription: SignatureFixtureName) => ({
  beforeEach: () => resetPortal({ signedIn: true, subscription }),
});
const body = () => within(document.body);
const BANNER =
  'Sua conta está expirada: você pode consultar, imprimir e exportar seus registros. Assine para voltar a cadastrar e enviar.';

const meta = {
  title: 'Screens/Subscription/Activation modal',
  tags: ['autodocs'],
  parameters: {
    layout: 'fullscreen',
    msw: {
      handlers: [
        ...Object.values(patientHandlers),
        ...allSubscriptionHandlers,
        accountHandlers.getMe,
        schedulingHandlers.getTemplate,
      ],
    },
  },
  ...on('trialEnding'),
  render: () => <PortalScreen path="/clients" />,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  name: 'Reminder near the trial end',
  play: async () => {
    const dialog = await body().findByRole('dialog', { name: 'Seu período de teste termina em 2 dias' });
    await expect(within(dialog).getByRole('button', { name: 'Fechar' })).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lembrar depois' }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    // The snooze outlives a reload: it is in the persisted state.
    await waitFor(() => expect(store.getState().activationDismissedAt).not.toBeNull());
    // A trial is not read-only: "Novo cliente" opens its form.
    await userEvent.click(await body().findByRole('button', { name: 'Novo cliente' }));
    await expect(await body().findByRole('dialog', { name: 'Novo cliente' })).toBeVisible();
  },
};

export const ReminderToForm: Story = {
  play: async () => {
    const dialog = within(await body().findByRole('dialog', { name: 'Seu período de teste termina em 2 dias' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Assinar agora' }));
    await expect(await dialog.findByRole('radiogroup', { name: 'Plano' })).toBeVisible();
    await expect(dialog.getByText('R$ 899,00 por ano: você economiza R$ 179,80.')).toBeVisible();
    await expect(dialog.getByLabelText('Número do cartão')).toHaveAttribute('autocomplete', 'cc-number');
    await expect(dialog.getByLabelText('Validade (MM/AA)')).toHaveAttribute('autocomplete', 'cc-exp');
  },
};

export const PastDue: Story = {
  ...on('pastDue'),
  play: async () => {
    const dialog = within(await body().findByRole('dialog', { name: 'Pagamento em atraso' }));
    await expect(dialog.getByText(/Atualize o cartão até \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Atualizar cartão' }));
    // Straight to the subscription in the profile, where the card is swapped.
    await expect(await body().findByRole('button', { name: 'Trocar cartão' })).toBeVisible();
    await expect(body().getByText('Pagamento em atraso')).toBeVisible();
  },
};

export const ExpiredForced: Story = {
  ...on('expired'),
  play: async ({ canvasElement }) => {
    const dialog = await body().findByRole('dialog', { name: 'Sua conta está expirada' });
    await expect(within(dialog).queryByRole('button', { name: 'Fechar' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await expect(body().getByRole('dialog', { name: 'Sua conta está expirada' })).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Só consultar meus registros' }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    // Read-only, not locked out: the clients are still listed, with the banner above.
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(BANNER)).toBeVisible();
    await expect(await canvas.findByRole('grid', { name: 'Clientes' })).toBeVisible();
  },
};

export const UnlockOnBlockedAction: Story = {
  ...on('expired'),
  play: async () => {
    const forced = await body().findByRole('dialog', { name: 'Sua conta está expirada' });
    await userEvent.click(within(forced).getByRole('button', { name: 'Só consultar meus registros' }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await userEvent.click(await body().findByRole('button', { name: 'Novo cliente' }));
    const unlock = within(
      await body().findByRole('dialog', { name: 'Cadastrar cliente está disponível para assinantes' }),
    );
    await expect(body().queryByRole('dialog', { name: 'Novo cliente' })).toBeNull();
    await userEvent.click(unlock.getByRole('button', { name: 'Assinar agora' }));
    await expect(await body().findByRole('radiogroup', { name: 'Plano' })).toBeVisible();
    await expect(subscriptionState.keys).toHaveLength(0);
  },
};

export const ExpiredSinceLoaded: Story = {
  name: 'The API says expired: the forced modal instead of a toast',
  ...on('active'),
  parameters: {
    msw: {
      handlers: [
        // The trial ended after the screen read the subscription: the API refuses the write.
        http.post('*/api/patient', () => {
          subscriptionState.signature = signatureFixtures.expired();
          const message = 'Sua assinatura expirou: cadastrar clientes volta a funcionar quando você assinar.';
          return HttpResponse.json(
            { statusCode: 402, application_error_code: 'ACCOUNT_EXPIRED', message },
            { status: 402 },
          );
        }),
        ...meta.parameters.msw.handlers,
      ],
    },
  },
  play: async () => {
    await userEvent.click(await body().findByRole('button', { name: 'Novo cliente' }));
    const form = within(await body().findByRole('dialog', { name: 'Novo cliente' }));
    await userEvent.type(form.getByLabelText('Nome'), 'Marina Costa');
    await userEvent.type(form.getByLabelText('E-mail'), 'marina@example.com');
    await userEvent.click(form.getByRole('button', { name: 'Cadastrar cliente' }));
    await expect(await body().findByRole('dialog', { name: 'Sua conta está expirada' })).toBeVisible();
    await expect(body().queryByText(/^Sua assinatura expirou/)).toBeNull();
  },
};
