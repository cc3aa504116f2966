import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  accessHandlerList,
  answersHandlerList,
  dataExportHandlerList,
  resetDataExportState,
  errorHandler,
  marianaInitialScheduleFixture,
  practiceHandlerList,
  practiceOtherPatientFixture,
  practiceMonthlySalesFixture,
  practicePatientFixture,
  resetAnswersState,
  resetPracticeState,
  resetSchedulingState,
  schedulingHandlerList,
} from '@acompanha/api-client/mocks';
import { toastQueue } from '@acompanha/ui';
import { ClientProfilePage } from './ClientProfilePage';
import { resetPortal } from '../../storybook/PortalScreen';
import { PracticeScreen, practiceRouter } from '../services/PracticeScreen';
import { asPhone, cardLines, fitsSideways, PhoneFrame, smallLinks } from '../../storybook/phone';
import { defaultStart } from '../scheduling/labels';

const profilePath = (id: string) => `/clients/profile/${id}`;

const meta = {
  title: 'Screens/Clients/Profile',
  component: ClientProfilePage,
  tags: ['autodocs'],
  parameters: {
    layout: 'fullscreen',
    msw: {
      handlers: [
        ...practiceHandlerList,
        ...schedulingHandlerList,
        ...answersHandlerList,
        ...accessHandlerList,
        ...dataExportHandlerList,
      ],
    },
  },
  beforeEach: () => {
    resetPortal({ signedIn: true });
    resetPracticeState();
    resetSchedulingState();
    resetAnswersState();
    resetDataExportState();
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

/**
 * Picks the questionnaire in the schedule dialog once its list is there: until then the select says
 * "Carregando questionários…" and takes no press (an empty select would ignore the click, and the option never show).
 */
async function chooseQuiz(dialog: ReturnType<typeof within>, title: RegExp) {
  await userEvent.click(await dialog.findByRole('button', { name: /^Escolha um questionário/ }));
  await userEvent.click(await body().findByRole('option', { name: title }));
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
    msw: {
      handlers: [
        errorHandler('put', '/patient/:id', 'MULTIPLE_PATIENTS_SAME_PHONE'),
        ...practiceHandlerList,
        ...schedulingHandlerList,
        ...answersHandlerList,
      ],
    },
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
    await expect(
      await canvas.findAllByRole('rowheader', { name: 'Acompanhamento mensal' }, { timeout: 3000 }),
    ).toHaveLength(2);
    await userEvent.click(canvas.getByRole('button', { name: 'Registrar venda' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Registrar venda' }));
    await waitFor(() => expect(dialog.getByText('Mariana Souza')).toBeVisible());
    await userEvent.click(dialog.getByRole('button', { name: /Serviço/ }));
    await userEvent.click(await body().findByRole('option', { name: /Plano trimestral/ }));
    await waitFor(() =>
      expect((dialog.getByRole('textbox', { name: /^Valor/ }) as HTMLInputElement).value).toBe('990,00'),
    );
    await userEvent.click(dialog.getByRole('button', { name: /Forma de pagamento/ }));
    await userEvent.click(await body().findByRole('option', { name: 'Cartão' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Registrar venda' }));
    await expect(await body().findByText('Venda registrada: Plano trimestral para Mariana Souza.')).toBeVisible();
    await expect(await canvas.findByRole('rowheader', { name: 'Plano trimestral' })).toBeVisible();
  },
};

export const LongSalesHistory: Story = {
  name: 'Years of sales: ten a page, the rest a page away',
  beforeEach: () => resetPracticeState({ sales: practiceMonthlySalesFixture(14) }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openTab(canvasElement, 'Serviços e vendas');
    const table = await canvas.findByRole('grid', { name: `Vendas de ${practicePatientFixture.name}` });
    await waitFor(() => expect(within(table).getAllByRole('rowheader')).toHaveLength(10));
    await expect(within(table).getByRole('button', { name: /em 10\/11\/2026$/ })).toBeVisible();
    const pages = canvas.getByRole('navigation', { name: `Páginas de vendas de ${practicePatientFixture.name}` });
    await userEvent.click(within(pages).getByRole('button', { name: /^Próxima/ }));
    // The oldest four (January 2026 back to October 2025) are the last page.
    await waitFor(() => expect(within(table).getAllByRole('rowheader')).toHaveLength(4));
    await expect(within(table).getByRole('button', { name: /em 10\/10\/2025$/ })).toBeVisible();
  },
};

export const RefundSale: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openTab(canvasElement, 'Serviços e vendas');
    await userEvent.click(
      await canvas.findByRole(
        'button',
        { name: 'Ações da venda de Acompanhamento mensal em 10/11/2026' },
        { timeout: 3000 },
      ),
    );
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
    const weekly = within(
      (await canvas.findByRole('rowheader', { name: 'Acompanhamento semanal' })).closest('[role="row"]') as HTMLElement,
    );
    await expect(weekly.getByText('Enviado, aguardando resposta')).toBeVisible();
    await expect(weekly.getByText('23/11/2026 08:00')).toBeVisible();
    const initial = within(
      canvas.getByRole('rowheader', { name: 'Avaliação inicial' }).closest('[role="row"]') as HTMLElement,
    );
    await expect(initial.getByText('Respondido')).toBeVisible();
    // An answered schedule leads to its answers, and says when one waits for review.
    await expect(await initial.findByRole('link', { name: 'Ver respostas de Avaliação inicial' })).toHaveAttribute(
      'href',
      `/clients/profile/${practicePatientFixture.id}/quiz/${marianaInitialScheduleFixture.id}`,
    );
    await expect(initial.getByText('Revisão pendente')).toBeVisible();
    await expect(initial.getByText('Nenhum envio previsto')).toBeVisible();
    await openTab(canvasElement, 'Mensagens');
    await expect(await canvas.findByText('Olá, Mariana! Seu questionário semanal está disponível.')).toBeVisible();
    await expect(canvas.getByText('Lida')).toBeVisible();
  },
};

export const EmptyQuizzesAndMessages: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get('*/api/quiz/schedule', () => HttpResponse.json({ items: [], total: 0 })),
        http.get('*/api/chat/history/:patientId', () => HttpResponse.json({ items: [], total: 0 })),
        ...practiceHandlerList,
        ...schedulingHandlerList,
        ...answersHandlerList,
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

/** "Agendar questionário" from the profile: the quiz chosen in the dialog, monthly; it replaces the live one. */
export const ScheduleQuiz: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openTab(canvasElement, 'Questionários');
    await canvas.findByRole('rowheader', { name: 'Acompanhamento semanal' });
    await userEvent.click(canvas.getByRole('button', { name: 'Agendar questionário' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Agendar questionário' }));
    // The form starts today, or tomorrow from 23:00 in Brasília on (never a first send already past).
    const { startDate } = defaultStart();
    await waitFor(() => expect(dialog.getByText('Mariana Souza')).toBeVisible());
    // Her preferred channel comes chosen.
    await expect(dialog.getByRole('radio', { name: 'WhatsApp' })).toBeChecked();
    await userEvent.click(dialog.getByRole('button', { name: 'Agendar' }));
    await expect(await dialog.findByText('Escolha o questionário.')).toBeVisible();
    await chooseQuiz(dialog, /Avaliação inicial/);
    await expect(
      dialog.getByText('Este questionário já está agendado para este cliente. O novo agendamento substitui o atual.'),
    ).toBeVisible();
    await userEvent.click(dialog.getByRole('radio', { name: 'Mensal' }));
    await userEvent.click(dialog.getByRole('button', { name: /Horário do envio/ }));
    await userEvent.click(await body().findByRole('option', { name: '19:00' }));
    await expect(dialog.getByText(/^Todo mês no dia \d+ às 19:00/)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Agendar' }));
    await expect(await body().findByText('“Avaliação inicial” agendado para Mariana Souza.')).toBeVisible();
    const row = within(
      canvas.getByRole('rowheader', { name: 'Avaliação inicial' }).closest('[role="row"]') as HTMLElement,
    );
    await expect(await row.findByText(/^Todo mês no dia \d+ às 19:00/)).toBeVisible();
    // The first send is on the form's start day at 19:00 in Brasília: still to come, "Agendado"; once past (an
    // evening run before 23:00, when the form still starts today), the worker is on it, "Enviando".
    const isPast = Date.parse(`${startDate}T19:00:00-03:00`) <= Date.now();
    await expect(row.getByText(isPast ? 'Enviando' : 'Agendado')).toBeVisible();
  },
};

/** "Enviar agora" for a single send: no date or hour to choose; it goes out as she confirms. */
export const ScheduleAndSendNow: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openTab(canvasElement, 'Questionários');
    await canvas.findByRole('rowheader', { name: 'Acompanhamento semanal' });
    await userEvent.click(canvas.getByRole('button', { name: 'Agendar questionário' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Agendar questionário' }));
    await chooseQuiz(dialog, /Avaliação inicial/);
    // By default the first send waits for the start date and hour (Brasília time).
    await expect(dialog.getByRole('radio', { name: 'Na data de início' })).toBeChecked();
    await expect(dialog.getByText('Horário de Brasília.')).toBeVisible();
    await userEvent.click(dialog.getByRole('radio', { name: 'Enviar agora' }));
    await expect(dialog.queryByText('Data de início')).toBeNull();
    await expect(dialog.queryByRole('button', { name: /Horário do envio/ })).toBeNull();
    await expect(dialog.getByText('Uma vez, agora, assim que você confirmar.')).toBeVisible();
    // Repeating: the next sends start on the chosen date, and one goes out now too.
    await userEvent.click(dialog.getByRole('radio', { name: 'Semanal' }));
    await expect(dialog.getByText('Próximos envios a partir de')).toBeVisible();
    await expect(dialog.getByText(/^Agora e, depois: /)).toBeVisible();
    await userEvent.click(dialog.getByRole('radio', { name: 'Uma vez' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Enviar agora' }));
    await expect(
      await body().findByText('“Avaliação inicial” enviado para Mariana Souza. O link e o PIN chegam em instantes.'),
    ).toBeVisible();
  },
};

/** A repeating schedule sent now too: the schedule and then `POST /quiz/schedule/request-now`. */
export const ScheduleRepeatingAndSendNow: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openTab(canvasElement, 'Questionários');
    await canvas.findByRole('rowheader', { name: 'Acompanhamento semanal' });
    await userEvent.click(canvas.getByRole('button', { name: 'Agendar questionário' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Agendar questionário' }));
    await chooseQuiz(dialog, /Avaliação inicial/);
    await userEvent.click(dialog.getByRole('radio', { name: 'Enviar agora' }));
    await userEvent.click(dialog.getByRole('radio', { name: 'Mensal' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Enviar agora' }));
    await expect(
      await body().findByText('“Avaliação inicial” enviado para Mariana Souza. O link e o PIN chegam em instantes.'),
    ).toBeVisible();
    const row = within(
      canvas.getByRole('rowheader', { name: 'Avaliação inicial' }).closest('[role="row"]') as HTMLElement,
    );
    await expect(await row.findByText(/^Todo mês no dia \d+ às/)).toBeVisible();
  },
};

/**
 * While the questionnaires load, their select says so and takes no press: an empty select opens nothing, so a
 * quick press would be lost (the cause of "Schedule Repeating And Send Now" passing only on a retry).
 */
export const ScheduleWhileQuestionnairesLoad: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get('*/api/quiz', () => delay('infinite')),
        ...practiceHandlerList,
        ...schedulingHandlerList,
        ...answersHandlerList,
        ...accessHandlerList,
        ...dataExportHandlerList,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openTab(canvasElement, 'Questionários');
    await userEvent.click(await canvas.findByRole('button', { name: 'Agendar questionário' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Agendar questionário' }));
    await expect(dialog.getByRole('button', { name: /^Carregando questionários…/ })).toBeDisabled();
  },
};

/** A client without an active service: the dialog says why, without a toast; e-mail is not offered without an address. */
/**
 * A client without an active service: the dialog says so at once, before anything is filled, and registers the
 * sale right there; back in the schedule, what she chose is kept and the questionnaire goes out.
 */
export const ScheduleWithoutService: Story = {
  render: () => <PracticeScreen path={profilePath(practiceOtherPatientFixture.id)} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openTab(canvasElement, 'Questionários');
    await userEvent.click(await canvas.findByRole('button', { name: 'Agendar questionário' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Agendar questionário' }));
    await expect(dialog.getByRole('alert')).toHaveTextContent('Este cliente ainda não tem um serviço ativo');
    await expect(dialog.getByRole('radio', { name: 'E-mail' })).toBeDisabled();
    await waitFor(() => expect(dialog.getByText('Sem e-mail cadastrado')).toBeVisible());
    await chooseQuiz(dialog, /Acompanhamento semanal/);
    await userEvent.click(dialog.getByRole('radio', { name: 'Enviar agora' }));

    await userEvent.click(dialog.getByRole('button', { name: 'Registrar venda' }));
    const sale = within(await body().findByRole('dialog', { name: 'Registrar venda' }));
    await userEvent.click(sale.getByRole('button', { name: /Serviço/ }));
    await userEvent.click(await body().findByRole('option', { name: /Acompanhamento mensal/ }));
    await userEvent.click(sale.getByRole('button', { name: 'Registrar venda' }));
    await expect(await body().findByText(/^Venda registrada: Acompanhamento mensal para/)).toBeVisible();

    // Back in the schedule, as she left it.
    await waitFor(() => expect(body().queryByRole('dialog', { name: 'Registrar venda' })).toBeNull());
    await expect(dialog.queryByRole('alert')).toBeNull();
    await expect(dialog.getByRole('button', { name: /Questionário/ })).toHaveTextContent('Acompanhamento semanal');
    await expect(dialog.getByRole('radio', { name: 'Enviar agora' })).toBeChecked();
    await userEvent.click(dialog.getByRole('button', { name: 'Enviar agora' }));
    await expect(await body().findByText(/^“Acompanhamento semanal” enviado para/)).toBeVisible();
  },
};

/** Deleting a schedule asks first, then the row goes. */
export const DeleteSchedule: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openTab(canvasElement, 'Questionários');
    await userEvent.click(await canvas.findByRole('button', { name: 'Ações de Avaliação inicial' }));
    await userEvent.click(await body().findByRole('menuitem', { name: 'Excluir agendamento' }));
    const confirm = within(await body().findByRole('alertdialog', { name: 'Excluir agendamento?' }));
    await waitFor(() => expect(confirm.getByText(/As respostas já recebidas continuam guardadas/)).toBeVisible());
    await userEvent.click(confirm.getByRole('button', { name: 'Excluir' }));
    await expect(await body().findByText('Agendamento excluído.')).toBeVisible();
    await waitFor(() => expect(canvas.queryByRole('rowheader', { name: 'Avaliação inicial' })).toBeNull());
  },
};

/** Rescheduling opens the dialog on the schedule's own recurrence. */
export const Reschedule: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openTab(canvasElement, 'Questionários');
    await userEvent.click(await canvas.findByRole('button', { name: 'Ações de Acompanhamento semanal' }));
    await userEvent.click(await body().findByRole('menuitem', { name: 'Reagendar' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Reagendar questionário' }));
    await expect(dialog.getByRole('radio', { name: 'Semanal' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'segunda-feira' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'quinta-feira' })).toBeChecked();
    await userEvent.click(dialog.getByRole('checkbox', { name: 'sexta-feira' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Salvar novo agendamento' }));
    await expect(await body().findByText('Agendamento de “Acompanhamento semanal” atualizado.')).toBeVisible();
    const row = within(
      canvas.getByRole('rowheader', { name: 'Acompanhamento semanal' }).closest('[role="row"]') as HTMLElement,
    );
    await expect(await row.findByText(/^Toda semana: segunda, quinta e sexta às 08:00/)).toBeVisible();
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

/** An expired account reads the client's quizzes, but scheduling a new one asks to subscribe first. */
export const ScheduleQuizOnExpiredAccount: Story = {
  beforeEach: () => {
    resetPortal({ signedIn: true, subscription: 'expired' });
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const forced = await body().findByRole('dialog', { name: 'Sua conta está expirada' });
    await userEvent.click(within(forced).getByRole('button', { name: 'Só consultar meus registros' }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await openTab(canvasElement, 'Questionários');
    await canvas.findByRole('rowheader', { name: 'Acompanhamento semanal' });
    await userEvent.click(canvas.getByRole('button', { name: 'Agendar questionário' }));
    await expect(
      await body().findByRole('dialog', { name: 'Agendar questionário está disponível para assinantes' }),
    ).toBeVisible();
    await expect(body().queryByRole('dialog', { name: 'Agendar questionário' })).toBeNull();
  },
};

/** A tab can be opened by its address (`?aba=vendas`, e.g. the clients list's "Vender um serviço"). */
export const OpenTabByAddress: Story = {
  render: () => <PracticeScreen path={`${profilePath(practicePatientFixture.id)}?aba=vendas`} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('tab', { name: 'Serviços e vendas' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await openTab(canvasElement, 'Mensagens');
    await waitFor(() => expect(practiceRouter?.state.location.search).toBe('?aba=mensagens'));
    await openTab(canvasElement, 'Dados');
    await waitFor(() => expect(practiceRouter?.state.location.search).toBe(''));
  },
};

/** On a phone the tab row wraps: every tab is in sight, and nothing sticks out sideways. */
export const PhoneTabs: Story = {
  beforeEach: asPhone,
  render: () => (
    <PhoneFrame>
      <PracticeScreen path={profilePath(practicePatientFixture.id)} />
    </PhoneFrame>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Mariana Souza' })).toBeVisible();
    const frame = canvasElement.querySelector<HTMLElement>('[data-testid="phone-frame"]')!.getBoundingClientRect();
    const tabs = within(canvas.getByRole('tablist', { name: 'Seções do cliente' })).getAllByRole('tab');
    await expect(tabs).toHaveLength(6);
    for (const tab of tabs) await expect(tab.getBoundingClientRect().right).toBeLessThanOrEqual(frame.right);
    await openTab(canvasElement, 'Mensagens');
    await waitFor(() =>
      expect(canvas.getByRole('tab', { name: 'Mensagens' })).toHaveAttribute('aria-selected', 'true'),
    );
    await expect(fitsSideways(canvasElement)).toBe(true);
  },
};

/** On a phone each scheduled quiz is a card, and every value in it says what it is (no bare dates). */
export const PhoneQuizzes: Story = {
  beforeEach: asPhone,
  render: () => (
    <PhoneFrame>
      <PracticeScreen path={`${profilePath(practicePatientFixture.id)}?aba=questionarios`} />
    </PhoneFrame>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = (name: string) => canvas.getByRole('rowheader', { name }).closest<HTMLElement>('[role="row"]')!;
    await canvas.findByRole('rowheader', { name: 'Acompanhamento semanal' });
    await expect(cardLines(row('Acompanhamento semanal'))).toEqual([
      'Acompanhamento semanal',
      'Frequência: Toda semana: segunda e quinta às 08:00, a partir de 09/11/2026. Por WhatsApp',
      'Próximo envio: 23/11/2026 08:00',
      'Último envio: Enviado, aguardando resposta 19/11/2026 08:00 Ver respostas Revisão pendente',
      'Situação: Ativo',
      // The actions' menu button names itself.
      '⋯ Ações de Acompanhamento semanal',
    ]);
    await expect(cardLines(row('Avaliação inicial'))).toEqual([
      'Avaliação inicial',
      'Frequência: Uma vez, enviado em 03/11/2026 às 14:00. Por WhatsApp',
      'Próximo envio: Nenhum envio previsto',
      'Último envio: Respondido 04/11/2026 09:20 Ver respostas Revisão pendente',
      'Situação: Ativo',
      '⋯ Ações de Avaliação inicial',
    ]);
    await expect(fitsSideways(canvasElement)).toBe(true);
    await expect(smallLinks(canvasElement)).toEqual([]);
  },
};

/** 'Acessos': every read of her health data through the account, newest first, refused ones marked. */
export const AccessLog: Story = {
  play: async ({ canvasElement }) => {
    await openTab(canvasElement, 'Acessos');
    const table = await within(canvasElement).findByRole('grid', { name: 'Acessos aos dados de Mariana Souza' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(8));
    await expect(within(table).getByText('Uma resposta (revisão)')).toBeVisible();
    await expect(within(table).getByText('Planilha de respostas')).toBeVisible();
    await expect(within(table).getByText('Recusado')).toBeVisible();
    await expect(within(table).getByText('Falhou')).toBeVisible();
    await expect(within(table).getByText('2804:14c:65::/48')).toBeVisible();
    await expect(within(canvasElement).getByText(/não pode ser alterado nem apagado/)).toBeVisible();
  },
};

/** On a phone the log reads as cards, every value with its label, and nothing scrolls sideways. */
export const PhoneAccessLog: Story = {
  beforeEach: asPhone,
  render: () => (
    <PhoneFrame>
      <PracticeScreen path={`${profilePath(practicePatientFixture.id)}?aba=acessos`} />
    </PhoneFrame>
  ),
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('grid', { name: 'Acessos aos dados de Mariana Souza' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(8));
    await expect(cardLines(within(table).getAllByRole('row')[3]!)).toEqual([
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}/),
      'O que foi aberto: Uma resposta (revisão)',
      'Resultado: Aberto',
      'Rede de origem: 200.150.10.0/24',
    ]);
    await expect(fitsSideways(canvasElement)).toBe(true);
  },
};

/** "Exportar dados do cliente" in the header (not a tab): what the ZIP holds, its progress, then the link. */
export const ExportClientData: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Exportar dados do cliente' }));
    await expect(canvas.queryByRole('tab', { name: /Exportar/ })).toBeNull();
    const d = within(await body().findByRole('dialog', { name: 'Exportar dados do cliente' }));
    await expect(d.getByText('Um arquivo .zip com todos os dados de Mariana Souza:')).toBeVisible();
    await userEvent.click(d.getByRole('button', { name: 'Preparar arquivo' }));
    await expect(await d.findByRole('progressbar', { name: 'Preparando o arquivo…' })).toBeVisible();
    await expect(await d.findByText('Pronto', {}, { timeout: 5000 })).toBeVisible();
    await expect(d.getByRole('link', { name: /^Baixar arquivo \.zip/ })).toHaveAttribute('download');
  },
};

/** On a phone the header's actions wrap: the export button is in sight and nothing sticks out sideways. */
export const PhoneHeaderActions: Story = {
  beforeEach: asPhone,
  render: () => (
    <PhoneFrame>
      <PracticeScreen path={profilePath(practicePatientFixture.id)} />
    </PhoneFrame>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const frame = canvasElement.querySelector<HTMLElement>('[data-testid="phone-frame"]')!.getBoundingClientRect();
    const button = await canvas.findByRole('button', { name: 'Exportar dados do cliente' });
    await expect(button.getBoundingClientRect().right).toBeLessThanOrEqual(frame.right);
    await expect(fitsSideways(canvasElement)).toBe(true);
  },
};
