import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Professional } from '@acompanha/api-client';
import {
  accessHandlers,
  accountHandlers,
  allSubscriptionHandlers,
  answersHandlers,
  loginResponseFixture,
  professionalFixture,
  schedulingHandlers,
} from '@acompanha/api-client/mocks';
import { PortalScreen, resetPortal } from '../../storybook/PortalScreen';
import { store } from '../../app/store';
import { TUTORIAL_STEPS } from './tutorialSteps';

const body = () => within(document.body);
const SEEN_AT = '2026-11-25T12:00:00.000Z';
const newAccount: Professional = { ...professionalFixture, tutorialSeenAt: null };

/** What the server holds for her, and the outcomes the portal sent it. */
let server: Professional = newAccount;
let marks: unknown[] = [];

const tutorialHandlers = [
  http.get('*/api/professional/me', () => HttpResponse.json(server)),
  http.post('*/api/professional/me/tutorial', async ({ request }) => {
    marks.push(await request.json());
    await delay(50);
    server = { ...server, tutorialSeenAt: server.tutorialSeenAt ?? SEEN_AT };
    return HttpResponse.json(server);
  }),
];

/** Signed in as a new account (the server agrees unless a story says otherwise). */
function signInNew(onServer: Professional = newAccount) {
  resetPortal({ signedIn: true });
  store.login({ ...loginResponseFixture, professional: newAccount });
  server = onServer;
  marks = [];
}

/** TutorialProvider in the private layout, as a new account meets it. */
const meta = {
  title: 'Screens/Onboarding/First-run tutorial',
  tags: ['autodocs'],
  parameters: {
    layout: 'fullscreen',
    msw: {
      handlers: [
        ...tutorialHandlers,
        accountHandlers.logout,
        schedulingHandlers.getTemplate,
        accessHandlers.activity,
        ...allSubscriptionHandlers,
        http.get('*/api/dashboard/summary', () =>
          HttpResponse.json({
            today: '2026-11-25',
            patients: { active: 0, newThisMonth: 0 },
            sales: { month: '2026-11', count: 0, grossCents: 0, refundsCents: 0, netCents: 0, byDay: [] },
            expiringServices: [],
            firstSteps: { clientAdded: false, quizCreated: false, saleRegistered: false, quizScheduled: false },
          }),
        ),
        answersHandlers.pending,
        answersHandlers.delayed,
        answersHandlers.statusReport,
      ],
    },
  },
  beforeEach: () => signInNew(),
  render: () => <PortalScreen path="/profile" />,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const NewAccount: Story = {
  name: 'A new account meets it over the screen',
  play: async () => {
    const dialog = within(await body().findByRole('dialog', { name: 'Bem-vinda, Ana!' }));
    await expect(dialog.getByText('Passo 1 de 6')).toBeVisible();
    await expect(marks).toEqual([]);
  },
};

export const FinishGoesToTheDashboard: Story = {
  play: async () => {
    await body().findByRole('dialog', { name: 'Bem-vinda, Ana!' });
    for (let i = 0; i < TUTORIAL_STEPS.length - 1; i++)
      await userEvent.click(body().getByRole('button', { name: 'Próximo' }));
    await userEvent.click(body().getByRole('button', { name: 'Ir para o painel' }));
    await expect(await body().findByRole('heading', { name: 'Painel', level: 1 })).toBeVisible();
    await expect(body().queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(marks).toEqual([{ outcome: 'completed' }]));
    await waitFor(() => expect(store.getState().session.professional?.tutorialSeenAt).toBe(SEEN_AT));
    // A new account has no news to catch up on.
    await expect(store.getState().newsSeen).toBe(true);
  },
};

export const SkipStaysOnTheScreen: Story = {
  play: async () => {
    await body().findByRole('dialog', { name: 'Bem-vinda, Ana!' });
    await userEvent.click(body().getByRole('button', { name: 'Próximo' }));
    await userEvent.click(body().getByRole('button', { name: 'Pular tutorial' }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await expect(body().getByRole('heading', { name: 'Meu perfil', level: 1 })).toBeVisible();
    await waitFor(() => expect(marks).toEqual([{ outcome: 'skipped' }]));
    await waitFor(() => expect(store.getState().session.professional?.tutorialSeenAt).toBe(SEEN_AT));
    await expect(store.getState().newsSeen).toBe(true);
    await expect(body().getByRole('button', { name: 'Novidades' })).toBeVisible();
  },
};

export const EscapeSkips: Story = {
  play: async () => {
    await body().findByRole('dialog', { name: 'Bem-vinda, Ana!' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(marks).toEqual([{ outcome: 'skipped' }]));
  },
};

export const SeenOnAnotherDevice: Story = {
  name: 'Seen on another device since this session began',
  beforeEach: () => signInNew({ ...newAccount, tutorialSeenAt: SEEN_AT }),
  play: async () => {
    await expect(await body().findByRole('heading', { name: 'Meu perfil', level: 1 })).toBeVisible();
    // The server's answer wins: the session learns it and the tutorial stays closed.
    await waitFor(() => expect(store.getState().session.professional?.tutorialSeenAt).toBe(SEEN_AT));
    await expect(body().queryByRole('dialog')).toBeNull();
    await expect(marks).toEqual([]);
  },
};

export const ReviewFromTheMenu: Story = {
  name: '"Rever tutorial" from the menu, flag untouched',
  beforeEach: () => {
    resetPortal({ signedIn: true });
    server = professionalFixture;
    marks = [];
  },
  play: async () => {
    await body().findByRole('heading', { name: 'Meu perfil', level: 1 });
    await expect(body().queryByRole('dialog')).toBeNull();
    await userEvent.click(body().getByRole('button', { name: /Ana Souza/ }));
    await userEvent.click(await body().findByRole('menuitem', { name: 'Rever tutorial' }));
    await body().findByRole('dialog', { name: 'Bem-vinda, Ana!' });
    await userEvent.click(body().getByRole('button', { name: 'Pular tutorial' }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());

    // Again, to the end: it goes to the dashboard and still tells the server nothing.
    await userEvent.click(body().getByRole('button', { name: /Ana Souza/ }));
    await userEvent.click(await body().findByRole('menuitem', { name: 'Rever tutorial' }));
    for (let i = 0; i < TUTORIAL_STEPS.length - 1; i++)
      await userEvent.click(await body().findByRole('button', { name: 'Próximo' }));
    await userEvent.click(body().getByRole('button', { name: 'Ir para o painel' }));
    await expect(await body().findByRole('heading', { name: 'Painel', level: 1 })).toBeVisible();
    await expect(marks).toEqual([]);
    await expect(store.getState().session.professional?.tutorialSeenAt).toBe(professionalFixture.tutorialSeenAt);
    await expect(store.getState().newsSeen).toBe(false);
  },
};
