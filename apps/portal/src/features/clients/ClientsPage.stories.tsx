import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { AnswerRevisionPage, Patient, PatientPage } from '@acompanha/api-client';
import {
  accessHandlers,
  accountHandlers,
  allSubscriptionHandlers,
  dataExportHandlerList,
  errorHandler,
  patientFixtures,
  patientHandlers,
  patientPageOf,
  pendingHandler,
  schedulingHandlers,
} from '@acompanha/api-client/mocks';
import { toastQueue } from '@acompanha/ui';
import { ClientsPage } from './ClientsPage';
import { ClientsScreen, clientsRouter } from './ClientsScreen';
import { resetPortal } from '../../storybook/PortalScreen';
import { asPhone, fitsSideways, PhoneFrame, smallLinks } from '../../storybook/phone';

/** Query strings of the list calls, oldest first. */
let listCalls: URLSearchParams[] = [];
/** Bodies of the bulk calls. */
let bulkBodies: unknown[] = [];
const recordCalls = [
  http.get('*/api/patient', ({ request }) => {
    listCalls.push(new URL(request.url).searchParams);
    return undefined;
  }),
  http.delete('*/api/patient', async ({ request }) => {
    bulkBodies.push(await request.clone().json());
    return undefined;
  }),
];

/** João Pedro has an answer waiting for review (the rows' next action). */
const JOAO = patientFixtures[1]!;
const PENDING_SCHEDULE = '4d5e6f70-0000-4a00-8000-0000000000aa';
const pendingAnswers = http.get('*/api/answer-revision/pending', () =>
  HttpResponse.json({
    items: [
      {
        id: '4d5e6f70-0000-4a00-8000-0000000000ab',
        status: 'pending',
        quizAnswerId: '4d5e6f70-0000-4a00-8000-0000000000ac',
        answerRequestId: '4d5e6f70-0000-4a00-8000-0000000000ad',
        quizScheduleId: PENDING_SCHEDULE,
        patientId: JOAO.id,
        patientName: JOAO.name,
        quizId: '4d5e6f70-0000-4a00-8000-0000000000ae',
        quizTitle: 'Recordatório semanal',
        finishedAt: '2026-11-20T13:00:00.000Z',
        approvedAt: null,
        noteCount: 0,
        createdAt: '2026-11-20T13:00:00.000Z',
        updatedAt: '2026-11-20T13:00:00.000Z',
      },
    ],
    total: 1,
  } satisfies AnswerRevisionPage),
);

const meta = {
  title: 'Screens/Clients/Clients',
  component: ClientsPage,
  tags: ['autodocs'],
  parameters: {
    layout: 'fullscreen',
    msw: { handlers: [...recordCalls, pendingAnswers, ...Object.values(patientHandlers)] },
  },
  beforeEach: () => {
    resetPortal({ signedIn: true });
    listCalls = [];
    bulkBodies = [];
    for (const toast of toastQueue.visibleToasts) toastQueue.close(toast.key);
  },
  render: () => <ClientsScreen path="/clients" />,
} satisfies Meta<typeof ClientsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);
const table = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole('grid', { name: 'Clientes' }));

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
    const totals = within(canvas.getByRole('region', { name: 'Total de clientes' }));
    await expect(totals.getByText('4')).toBeVisible();
    await expect(totals.getByText('3 ativos')).toBeVisible();
    await expect(canvas.getByRole('meter', { name: 'Presencial' })).toHaveAttribute('aria-valuetext', '2 (50%)');
    const rows = await table(canvasElement);
    await expect(await rows.findByRole('rowheader', { name: /Beatriz Conceição/ })).toBeVisible();
    await expect(rows.getByText('beatriz.conceicao@exemplo.com.br')).toBeVisible();
    await expect(rows.getByText('(11) 91234-5678')).toBeVisible();
    // endsAt 2026-12-15 is the first day without the service: it covers up to the 14th.
    await expect(rows.getByText('até 14/12/2026')).toBeVisible();
    await expect(rows.getByText('Híbrido')).toBeVisible();
    await expect(rows.getByText('Inativo')).toBeVisible();
    await expect(canvas.getByText('Mostrando 1–4 de 4')).toBeVisible();
    await expect(listCalls[0]?.get('take')).toBe('20');
  },
};

/** The name search is sent as `nameTerm` once typing stops, ignoring accents, and goes back to page 1. */
export const FilterByName: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = await table(canvasElement);
    await rows.findByText('João Pedro Araújo');
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Buscar por nome' }), 'conceicao');
    await waitFor(() => expect(listCalls.at(-1)!.get('nameTerm')).toBe('conceicao'));
    await expect(listCalls.at(-1)!.get('skip')).toBe('0');
    await waitFor(() => expect(rows.queryByText('João Pedro Araújo')).toBeNull());
    await expect(rows.getByRole('rowheader', { name: /Beatriz Conceição/ })).toBeVisible();
    // Debounced: far fewer calls than letters typed.
    await expect(listCalls.filter((q) => q.has('nameTerm')).length).toBeLessThan('conceicao'.length);
    await expect(canvas.getByText('Mostrando 1–1 de 1')).toBeVisible();
  },
};

export const FilterByStatusAndModality: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = await table(canvasElement);
    await rows.findByText('Márcia Lima');
    await userEvent.click(canvas.getByRole('button', { name: /Situação/ }));
    await userEvent.click(await body().findByRole('option', { name: 'Inativos' }));
    await waitFor(() => expect(rows.queryByText('Márcia Lima')).toBeNull());
    await expect(rows.getByText('Rafael Gonçalves')).toBeVisible();
    await expect(listCalls.at(-1)!.get('status')).toBe('inactive');
    await userEvent.click(canvas.getByRole('button', { name: /Modalidade/ }));
    await userEvent.click(await body().findByRole('option', { name: 'Online' }));
    await expect(
      await within(canvasElement).findByRole('heading', { name: 'Nenhum cliente encontrado' }),
    ).toBeVisible();
    await expect(listCalls.at(-1)!.get('serviceModality')).toBe('online');
  },
};

const manyPatients: Patient[] = Array.from({ length: 200 }, (_, i) => ({
  ...patientFixtures[i % patientFixtures.length]!,
  id: `9a1b2c3d-4e5f-4a6b-8c7d-${String(i).padStart(12, '0')}`,
  name: `Cliente ${String(i + 1).padStart(3, '0')}`,
}));

/** Server-side paging: 200 clients, 20 a page; the next page is fetched with `skip`. */
export const ManyClients: Story = {
  parameters: {
    msw: {
      handlers: [
        pendingAnswers,
        ...recordCalls,
        http.get('*/api/patient', async ({ request }) => {
          const skip = Number(new URL(request.url).searchParams.get('skip') ?? 0);
          await delay(30);
          return HttpResponse.json({
            items: manyPatients.slice(skip, skip + 20),
            total: 200,
            totalCapped: false,
          } satisfies PatientPage);
        }),
        ...Object.values(patientHandlers),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = await table(canvasElement);
    await rows.findByText('Cliente 001');
    await expect(canvas.getByText('Mostrando 1–20 de 200')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Próxima página' }));
    await expect(await rows.findByText('Cliente 021')).toBeVisible();
    await expect(canvas.getByText('Mostrando 21–40 de 200')).toBeVisible();
    await expect(listCalls.at(-1)!.get('skip')).toBe('20');
  },
};

const marias: Patient[] = Array.from({ length: 1234 }, (_, i) => ({
  ...patientFixtures[i % patientFixtures.length]!,
  id: `9a1b2c3d-4e5f-4a6b-8c7e-${String(i).padStart(12, '0')}`,
  name: `Maria ${String(i + 1).padStart(4, '0')}`,
}));

/**
 * A common name matches more than the API counts (1.000): the list says "de mais de 1.000" and pages on past it
 * while the pages come full. Without a term the total is exact.
 */
export const CommonName: Story = {
  parameters: {
    msw: {
      handlers: [
        pendingAnswers,
        ...recordCalls,
        http.get('*/api/patient', async ({ request }) => {
          const url = new URL(request.url);
          const term = url.searchParams.get('nameTerm')?.toLowerCase() ?? '';
          await delay(30);
          return HttpResponse.json(
            patientPageOf(
              marias.filter((p) => p.name.toLowerCase().includes(term)),
              url,
            ),
          );
        }),
        ...Object.values(patientHandlers),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = await table(canvasElement);
    await rows.findByText('Maria 0001');
    await expect(canvas.getByText('Mostrando 1–20 de 1.234')).toBeVisible();
    // Pasted: one search, so the capped total below is the answer to "maria" and nothing is loading after it.
    await userEvent.click(canvas.getByRole('searchbox', { name: 'Buscar por nome' }));
    await userEvent.paste('maria');
    await expect(await canvas.findByText('Mostrando 1–20 de mais de 1.000')).toBeVisible();
    await expect(listCalls.at(-1)!.get('nameTerm')).toBe('maria');
    await userEvent.click(canvas.getByRole('button', { name: 'Página 50' }));
    await expect(await rows.findByText('Maria 0981')).toBeVisible();
    await expect(canvas.getByText('Mostrando 981–1.000 de mais de 1.000')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Próxima página' }));
    await expect(await rows.findByText('Maria 1001')).toBeVisible();
    await expect(canvas.getByText('Mostrando 1.001–1.020 de mais de 1.000')).toBeVisible();
    await expect(listCalls.at(-1)!.get('skip')).toBe('1000');
    await expect(canvas.getByRole('button', { name: 'Próxima página' })).toBeEnabled();
  },
};

export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [
        pendingAnswers,
        http.get('*/api/patient', () => HttpResponse.json({ items: [], total: 0, totalCapped: false })),
        http.get('*/api/patient/totals', () =>
          HttpResponse.json({
            total: 0,
            byStatus: { active: 0, inactive: 0 },
            byModality: { presencial: 0, online: 0, hibrido: 0 },
          }),
        ),
        ...Object.values(patientHandlers),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Nenhum cliente ainda' })).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: 'Importar clientes' }).length).toBe(2);
  },
};

/** A practice of thousands: a handful of clients in a modality reads "menos de 1%", not "0%". */
export const ThousandsOfClients: Story = {
  parameters: {
    msw: {
      handlers: [
        pendingAnswers,
        http.get('*/api/patient/totals', () =>
          HttpResponse.json({
            total: 10_200,
            byStatus: { active: 10_163, inactive: 37 },
            byModality: { presencial: 10_109, online: 63, hibrido: 28 },
          }),
        ),
        ...Object.values(patientHandlers),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const totals = within(await canvas.findByRole('region', { name: 'Total de clientes' }));
    await expect(await totals.findByText('10.200')).toBeVisible();
    await expect(canvas.getByRole('meter', { name: 'Presencial' })).toHaveAttribute('aria-valuetext', '10.109 (99%)');
    await expect(canvas.getByRole('meter', { name: 'Online' })).toHaveAttribute('aria-valuetext', '63 (1%)');
    await expect(canvas.getByRole('meter', { name: 'Híbrido' })).toHaveAttribute('aria-valuetext', '28 (menos de 1%)');
  },
};

export const Loading: Story = {
  parameters: {
    msw: { handlers: [pendingAnswers, pendingHandler('get', '/patient'), ...Object.values(patientHandlers)] },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Carregando clientes…')).toBeInTheDocument();
  },
};

/** Opening a client goes to the profile. */
export const OpenClient: Story = {
  play: async ({ canvasElement }) => {
    const rows = await table(canvasElement);
    await userEvent.click(await rows.findByRole('link', { name: 'João Pedro Araújo' }));
    await waitFor(() =>
      expect(clientsRouter?.state.location.pathname).toBe(`/clients/profile/${patientFixtures[1]!.id}`),
    );
  },
};

export const BulkDeleteWithReason: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = await table(canvasElement);
    await rows.findByText('Márcia Lima');
    const checkboxes = rows.getAllByRole('checkbox');
    // [0] selects the whole page; rows follow in order.
    await userEvent.click(checkboxes[1]!);
    await userEvent.click(checkboxes[3]!);
    const bar = within(canvas.getByRole('region', { name: 'Clientes selecionados' }));
    await expect(bar.getByText('2 clientes selecionados')).toBeVisible();
    await userEvent.click(bar.getByRole('button', { name: 'Excluir selecionados' }));

    const dialog = within(await body().findByRole('alertdialog', { name: 'Excluir 2 clientes?' }));
    // The modal fades in: wait for it to be fully shown.
    await waitFor(() =>
      expect(dialog.getByText(/Os dados pessoais serão apagados e só os números agregados ficam\./)).toBeVisible(),
    );
    const reason = dialog.getByRole('textbox', { name: 'Motivo da exclusão' });
    await userEvent.type(reason, 'ok');
    await userEvent.click(dialog.getByRole('button', { name: 'Excluir' }));
    await expect(await dialog.findByText('Informe o motivo (pelo menos 3 caracteres).')).toBeVisible();
    await expect(bulkBodies).toHaveLength(0);

    await userEvent.type(reason, ' — pediu para sair');
    await userEvent.click(dialog.getByRole('button', { name: 'Excluir' }));
    await expect(await body().findByText('2 clientes excluídos.')).toBeVisible();
    await expect(bulkBodies[0]).toEqual({
      ids: [patientFixtures[0]!.id, patientFixtures[2]!.id],
      mode: 'delete',
      reason: 'ok — pediu para sair',
    });
    await waitFor(() => expect(canvas.queryByRole('region', { name: 'Clientes selecionados' })).toBeNull());
  },
};

export const BulkInactivate: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = await table(canvasElement);
    await rows.findByText('Márcia Lima');
    await userEvent.click(rows.getAllByRole('checkbox')[2]!);
    await userEvent.click(canvas.getByRole('button', { name: 'Inativar selecionados' }));
    const dialog = within(await body().findByRole('alertdialog', { name: 'Inativar 1 cliente?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Inativar' }));
    await expect(await body().findByText('1 cliente inativado.')).toBeVisible();
    await expect(bulkBodies[0]).toEqual({ ids: [patientFixtures[1]!.id], mode: 'inactivate' });
  },
};

export const QuickAdd: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Novo cliente' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Novo cliente' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Cadastrar cliente' }));
    await expect(await dialog.findByText('Informe o nome.')).toBeVisible();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Nome' }), 'Luíza Andrade');
    const phone = dialog.getByRole('textbox', { name: 'Telefone' });
    await userEvent.type(phone, '11987650000');
    await expect(phone).toHaveValue('(11) 98765-0000');
    await userEvent.click(dialog.getByRole('radio', { name: 'Online' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Cadastrar cliente' }));
    await expect(await body().findByText('Cliente “Luíza Andrade” cadastrado.')).toBeVisible();
    await waitFor(() => expect(body().queryByRole('dialog', { name: 'Novo cliente' })).toBeNull());
  },
};

export const QuickAddDuplicatePhone: Story = {
  parameters: {
    msw: {
      handlers: [
        pendingAnswers,
        errorHandler('post', '/patient', 'MULTIPLE_PATIENTS_SAME_PHONE'),
        ...Object.values(patientHandlers),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Novo cliente' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Novo cliente' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Nome' }), 'Beatriz C.');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Telefone' }), '11912345678');
    await userEvent.click(dialog.getByRole('button', { name: 'Cadastrar cliente' }));
    const message = 'Já existe outro cliente cadastrado com este telefone.';
    await expect(await dialog.findByText(message)).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Telefone' })).toHaveAttribute('aria-invalid', 'true');
    // Shown on the field only: the central toast stays quiet.
    await expect(body().getAllByText(message)).toHaveLength(1);
  },
};

/**
 * On a phone each client is a card — name, status, current service and the next action — and the page does not
 * scroll sideways; the top bar's menu button opens the labelled links with the current page marked.
 */
export const Phone: Story = {
  beforeEach: asPhone,
  parameters: {
    msw: {
      handlers: [
        ...recordCalls,
        pendingAnswers,
        ...Object.values(patientHandlers),
        // Its menu leads to /profile, whose cards read the account, the subscription, the activity and exports.
        accountHandlers.getMe,
        schedulingHandlers.getTemplate,
        accessHandlers.activity,
        ...dataExportHandlerList,
        ...allSubscriptionHandlers,
      ],
    },
  },
  render: () => (
    <PhoneFrame>
      <ClientsScreen path="/clients" />
    </PhoneFrame>
  ),
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    const rows = await table(canvasElement);
    await step('each client is a card with the next action', async () => {
      const joao = (await rows.findByRole('rowheader', { name: new RegExp(JOAO.name) })).closest<HTMLElement>(
        '[role="row"]',
      )!;
      await expect(within(joao).getByText('Ativo')).toBeVisible();
      await expect(within(joao).getByText('Plano trimestral online')).toBeVisible();
      await expect(await within(joao).findByRole('link', { name: 'Revisar resposta' })).toHaveAttribute(
        'href',
        `/clients/profile/${JOAO.id}/quiz/${PENDING_SCHEDULE}`,
      );
      const marcia = rows.getByRole('rowheader', { name: /Márcia Lima/ }).closest<HTMLElement>('[role="row"]')!;
      await expect(within(marcia).getByRole('link', { name: 'Vender um serviço' })).toHaveAttribute(
        'href',
        `/clients/profile/${patientFixtures[2]!.id}?aba=vendas`,
      );
      const rafael = rows.getByRole('rowheader', { name: /Rafael Gonçalves/ }).closest<HTMLElement>('[role="row"]')!;
      await expect(within(rafael).getByText('Nenhuma: cliente inativo')).toBeVisible();
      // A card: as wide as the phone, its cells stacked (the column headers are out of sight).
      await expect(joao.getBoundingClientRect().width).toBeLessThanOrEqual(390);
      await expect(
        rows.getByRole('columnheader', { name: 'Próxima ação' }).closest('thead')!.getBoundingClientRect().height,
      ).toBeLessThanOrEqual(1);
      await expect(fitsSideways(canvasElement)).toBe(true);
      // Every link ("Vender um serviço", "Revisar resposta", the names) is a target at least 24 px tall.
      await expect(smallLinks(canvasElement)).toEqual([]);
    });
    await step('the menu button opens the links; Escape closes them and gives the focus back', async () => {
      await expect(canvas.queryByRole('navigation', { name: 'Navegação principal' })).toBeNull();
      const menu = canvas.getByRole('button', { name: 'Abrir menu' });
      await userEvent.click(menu);
      const sheet = await body().findByRole('dialog', { name: 'Menu' });
      await expect(within(sheet).getByRole('link', { name: 'Clientes' })).toHaveAttribute('aria-current', 'page');
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(body().queryByRole('dialog', { name: 'Menu' })).toBeNull());
      await waitFor(() => expect(menu).toHaveFocus());
    });
    await step('a link of the menu navigates and closes it', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Abrir menu' }));
      const sheet = await body().findByRole('dialog', { name: 'Menu' });
      await userEvent.click(within(sheet).getByRole('link', { name: 'Meu perfil' }));
      await waitFor(() => expect(clientsRouter?.state.location.pathname).toBe('/profile'));
      await waitFor(() => expect(body().queryByRole('dialog', { name: 'Menu' })).toBeNull());
    });
  },
};
