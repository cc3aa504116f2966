import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  errorHandler,
  practiceHandlerList,
  practiceOtherPatientFixture,
  practicePatientFixture,
  resetPracticeState,
} from '@acompanha/api-client/mocks';
import { toastQueue } from '@acompanha/ui';
import { ClientProfilePage } from './ClientProfilePage';
import { resetPortal } from '../../storybook/PortalScreen';
import { PracticeScreen, practiceRouter } from '../services/PracticeScreen';

const profilePath = (id: string) => `/clients/profile/${id}`;

const meta = {
  title: 'Screens/Clients/Profile',
  component: ClientProfilePage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', msw: { handlers: practiceHandlerList } },
  beforeEach: () => {
    resetPortal({ signedIn: true });
    resetPracticeState();
    // Toasts of an earlier story must not answer this one's assertions.
    for (const toast of toastQueue.visibleToasts) toastQueue.close(toast.key);
  },
  render: () => <PracticeScreen path={profilePath(practicePatientFixture.id)} />,
} satisfies Meta<typeof ClientProfilePage>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

async function openTab(canvasElement: HTMLElement, name: string) {
  await userEvent.click(await within(canvasElement).findByRole('tab', { name }));
}

/** Header with status and the current service, the trail back to the list, and the 'Dados' form. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Mariana Souza' })).toBeVisible();
    const trail = within(canvas.getByRole('navigation', { name: 'Trilha de navegação' }));
    await expect(trail.getByRole('link', { name: 'Clientes' })).toHaveAttribute('href', '/clients');
    await expect(canvas.getByText('Ativo')).toBeVisible();
    // endsAt 2026-12-10 is the first day without the service: it covers up to the 9th.
    await expect(canvas.getByText('Acompanhamento mensal · até 09/12/2026')).toBeVisible();
    await expect(canvas.getByRole('tab', { name: 'Dados' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByLabelText(/^Telefone/)).toHaveValue('(11) 91234-5678');
    await expect(canvas.getByLabelText(/^CPF/)).toHaveValue('123.456.789-09');
    await expect(canvas.getByLabelText('Tags')).toHaveValue('emagrecimento, vegetariana');
  },
};

export const EditAndSave: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = await canvas.findByRole('textbox', { name: /^Nome/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Mariana Souza Lima');
    await userEvent.click(canvas.getByRole('button', { name: 'Salvar alterações' }));
    await expect(await body().findByText('Dados do cliente salvos.')).toBeVisible();
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Mariana Souza Lima' })).toBeVisible();
  },
};

/** The API refuses a phone of another client: the field says so, and no toast repeats it. */
export const DuplicatePhone: Story = {
  parameters: {
    msw: { handlers: [errorHandler('put', '/patient/:id', 'MULTIPLE_PATIENTS_SAME_PHONE'), ...practiceHandlerList] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const phone = await canvas.findByLabelText(/^Telefone/);
    await userEvent.clear(phone);
    await userEvent.type(phone, '21987654321');
    await userEvent.click(canvas.getByRole('button', { name: 'Salvar alterações' }));
    await expect(await canvas.findByText('Já existe outro cliente com este telefone.')).toBeVisible();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(body().queryByText('Já existe outro cliente cadastrado com este telefone.')).toBeNull();
  },
};

export const RegisterSale: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openTab(canvasElement, 'Serviços e vendas');
    await expect(await canvas.findAllByRole('rowheader', { name: 'Acompanhamento mensal' }, { timeout: 3000 })).toHaveLength(2);
    await userEvent.click(canvas.getByRole('button', { name: 'Registrar venda' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Registrar venda' }));
    await waitFor(() => expect(dialog.getByText('Mariana Souza')).toBeVisible());
    await userEvent.click(dialog.getByRole('button', { name: /Serviço/ }));
    await userEvent.click(await body().findByRole('option', { name: /Plano trimestral/ }));
    await waitFor(() => expect((dialog.getByRole('textbox', { name: /^Valor/ }) as HTMLInputElement).value).toMatch(/^R\$\s990,00$/));
    await userEvent.click(dialog.getByRole('button', { name: /Forma de pagamento/ }));
    await userEvent.click(await body().findByRole('option', { name: 'Cartão' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Registrar venda' }));
    await expect(await body().findByText('Venda registrada: Plano trimestral para Mariana Souza.')).toBeVisible();
    await expect(await canvas.findByRole('rowheader', { name: 'Plano trimestral' })).toBeVisible();
  },
};

export const RefundSale: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openTab(canvasElement, 'Serviços e vendas');
    await userEvent.click(await canvas.findByRole('button', { name: 'Ações da venda de Acompanhamento mensal em 10/11/2026' }, { timeout: 3000 }));
    await userEvent.click(await body().findByRole('menuitem', { name: 'Reembolsar' }));
    const dialog = within(await body().findByRole('alertdialog', { name: 'Reembolsar venda?' }));
    await waitFor(() => expect(dialog.getByText(/R\$ 390,00/)).toBeVisible());
    await userEvent.click(dialog.getByRole('button', { name: 'Reembolsar' }));
    await expect(await body().findByText('Venda reembolsada.')).toBeVisible();
    await waitFor(() => expect(canvas.getAllByText('Reembolsada')).toHaveLength(2));
  },
};

export const DeleteWithReason: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Excluir' }));
    const dialog = within(await body().findByRole('alertdialog', { name: 'Excluir cliente?' }));
    await waitFor(() => expect(dialog.getByText(/Seguindo a LGPD/)).toBeVisible());
    await userEvent.click(dialog.getByRole('button', { name: 'Excluir definitivamente' }));
    await expect(await dialog.findByText('Informe o motivo (pelo menos 3 caracteres).')).toBeVisible();
    await userEvent.type(dialog.getByRole('textbox', { name: /^Motivo da exclusão/ }), 'Pedido da cliente');
    await userEvent.click(dialog.getByRole('button', { name: 'Excluir definitivamente' }));
    await expect(await body().findByText('Cliente excluído. Os dados pessoais foram anonimizados.')).toBeVisible();
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
    await expect(practiceRouter?.state.location.pathname).toBe('/clients');
  },
};

export const Inactivate: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Inativar' }));
    const dialog = within(await body().findByRole('alertdialog', { name: 'Inativar cliente?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Inativar' }));
    await expect(await body().findByText('Mariana Souza foi inativado(a).')).toBeVisible();
    await expect(await canvas.findByText('Inativo')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Inativar' })).toBeNull();
  },
};

/** WhatsApp → e-mail for a client without e-mail: the screen explains what to do, without the generic toast. */
export const PreferencesChannelError: Story = {
  render: () => <PracticeScreen path={profilePath(practiceOtherPatientFixture.id)} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openTab(canvasElement, 'Preferências');
    await userEvent.click(await canvas.findByRole('radio', { name: 'E-mail' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Salvar preferências' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Este cliente não tem e-mail cadastrado.');
    await expect(body().queryByText(/Não foi possível enviar pelo canal/)).toBeNull();
  },
};

export const QuizzesAndMessages: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openTab(canvasElement, 'Questionários');
    await expect(await canvas.findByRole('rowheader', { name: 'Acompanhamento semanal' })).toBeVisible();
    await openTab(canvasElement, 'Mensagens');
    await expect(await canvas.findByText('Olá, Mariana! Seu questionário semanal está disponível.')).toBeVisible();
    await expect(canvas.getByText('Lida')).toBeVisible();
  },
};

export const EmptyQuizzesAndMessages: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get('*/api/patient/:patientId/quizzes', () => HttpResponse.json({ items: [], total: 0 })),
        http.get('*/api/chat/history/:patientId', () => HttpResponse.json({ items: [], total: 0 })),
        ...practiceHandlerList,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openTab(canvasElement, 'Questionários');
    await expect(await canvas.findByRole('heading', { name: 'Nenhum questionário agendado ainda.' })).toBeVisible();
    await openTab(canvasElement, 'Mensagens');
    await expect(await canvas.findByRole('heading', { name: 'Nenhuma mensagem enviada ainda.' })).toBeVisible();
  },
};

/** A client that does not exist (or was deleted): its own screen with the way back, no error toast. */
export const NotFound: Story = {
  render: () => <PracticeScreen path={profilePath('00000000-0000-4000-8000-000000000000')} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Cliente não encontrado' })).toBeVisible();
    await expect(body().queryByText('Não encontramos este cliente.')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Voltar para Clientes' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
  },
};
