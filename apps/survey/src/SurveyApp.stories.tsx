import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { configureSurveyClient } from '@acompanha/api-client';
import {
  createSurveyMockServer,
  SURVEY_ALTERNATIVES,
  SURVEY_PIN,
  SURVEY_QUESTION_IDS,
  SURVEY_SCHEDULE_ID,
  surveyAnswerFixtures,
  surveyBrandFixture,
  surveyTokenFixture,
  type SurveyMockOptions,
} from '@acompanha/api-client/mocks';
import { draftStepOf } from './answering/draft';
import { draftKeyOf, writeDraft, writeSession } from './lib/storage';
import { SurveyApp } from './SurveyApp';

interface SurveyParameters {
  /** The mock API's starting point. */
  server?: SurveyMockOptions;
  /** Start as a patient who already typed the PIN (a kept token). */
  signedIn?: boolean;
  /** An answer typed on an earlier visit and not sent (kept in this phone's storage). */
  draft?: { step: string; draft: object };
}

/** Answers up to (not including) the question at `index` of `surveyAnswerFixtures`. */
const answeredUpTo = (index: number) => surveyAnswerFixtures.slice(0, index);
const offline = () => HttpResponse.error();
/** The MSW worker of the running story (to cut the network in the middle of a play). */
let worker: { use: (...handlers: ReturnType<typeof http.put>[]) => void } | undefined;
/** The mock API of the running story (what it stored). */
let mockServer: ReturnType<typeof createSurveyMockServer> | undefined;

const meta = {
  title: 'Survey/SurveyApp',
  component: SurveyApp,
  tags: ['autodocs'],
  args: { quizScheduleId: SURVEY_SCHEDULE_ID },
  parameters: { layout: 'fullscreen', survey: {} satisfies SurveyParameters },
  beforeEach: ({ msw, parameters }) => {
    // Per story: portal stories share the page (and the generated client) and wire it their way.
    configureSurveyClient({ getToken: () => undefined });
    const options = (parameters.survey ?? {}) as SurveyParameters;
    window.localStorage.clear();
    if (options.signedIn) writeSession(SURVEY_SCHEDULE_ID, { token: surveyTokenFixture, queue: [] });
    if (options.draft) writeDraft(SURVEY_SCHEDULE_ID, options.draft.step, options.draft.draft);
    const server = createSurveyMockServer(options.server);
    mockServer = server;
    msw.use(...server.handlers);
    worker = msw;
  },
} satisfies Meta<typeof SurveyApp>;

export default meta;
type Story = StoryObj<typeof meta>;

const typePin = async (canvas: ReturnType<typeof within>, pin: string) => {
  await userEvent.click(await canvas.findByRole('textbox', { name: 'Dígito 1 de 6' }));
  await userEvent.keyboard(pin);
};

/** The first screen of a link: the PIN, with the first box focused for typing. */
export const Pin: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Digite seu PIN' })).toBeVisible();
    await expect(canvas.getByRole('group', { name: 'PIN de acesso' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Dígito 1 de 6' })).toHaveFocus();
  },
};

export const WrongPin: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await typePin(canvas, '000000');
    await expect(
      await canvas.findByText('PIN incorreto. Você tem mais 4 tentativas.', { selector: 'span:not([role])' }),
    ).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('PIN incorreto. Você tem mais 4 tentativas.');
    // The boxes are emptied and the cursor is back in the first one.
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Dígito 1 de 6' })).toHaveFocus());
    await expect(canvas.getByRole('textbox', { name: 'Dígito 1 de 6' })).toHaveValue('');
  },
};

/** The sixth digit sends the PIN; a tap on "Entrar" right after is the same attempt (4 tries left, not 3). */
export const SixthDigitThenTap: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await typePin(canvas, '000000');
    await userEvent.click(canvas.getByRole('button', { name: /Entrar|Conferindo PIN/ }));
    await waitFor(() =>
      expect(canvas.getByRole('alert')).toHaveTextContent('PIN incorreto. Você tem mais 4 tentativas.'),
    );
    await expect(mockServer?.state.wrongPins).toBe(1);
  },
};

export const LastTryBeforeLock: Story = {
  parameters: { survey: { server: { wrongPins: 3 } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await typePin(canvas, '111111');
    await waitFor(() =>
      expect(canvas.getByRole('alert')).toHaveTextContent(
        'Você tem mais 1 tentativa antes de o link ser bloqueado por 15 minutos.',
      ),
    );
  },
};

export const Locked: Story = {
  parameters: { survey: { server: { wrongPins: 4 } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await typePin(canvas, '111111');
    const heading = await canvas.findByRole('heading', { level: 1, name: 'Link bloqueado por alguns minutos' });
    await waitFor(() => expect(heading).toHaveFocus());
    await expect(canvas.getByText(/tente de novo às \d{2}:\d{2}/)).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { survey: { signedIn: true } },
  beforeEach: ({ msw }) => {
    msw.use(http.get('*/api/quiz-answer/:scheduleId', () => new Promise(() => {})));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Abrindo o questionário…' })).toBeVisible();
  },
};

/** Right PIN → the cover, in the professional's appearance. */
export const Folder: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await typePin(canvas, SURVEY_PIN);
    const title = await canvas.findByRole('heading', { level: 1, name: 'Seu acompanhamento da semana' });
    await waitFor(() => expect(title).toHaveFocus());
    await expect(canvas.getByText('Leva uns 3 minutos. Suas respostas vão direto para a Ana.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Começar' })).toBeVisible();
  },
};

/** Lets the flow machine's code arrive when the play says (a slow phone or network). */
let releaseFlow: (() => void) | undefined;
/** Whether downloading the flow machine's code fails (offline right after the page loaded). */
let flowFails = true;

/**
 * A PIN typed before the flow machine's code arrived (it loads after the PIN screen has painted): shown as being
 * checked, then checked as soon as the code is there.
 */
export const PinBeforeFlowLoads: Story = {
  args: {
    loadFlow: () =>
      new Promise((resolve) => {
        releaseFlow = () => resolve(import('./lib/flow'));
      }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await typePin(canvas, SURVEY_PIN);
    await expect(await canvas.findByRole('button', { name: 'Conferindo PIN…' })).toBeVisible();
    releaseFlow!();
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Seu acompanhamento da semana' })).toBeVisible();
  },
};

/** The flow machine's code cannot be downloaded when the PIN is sent: the PIN screen says there is no connection. */
export const PinWhenFlowCannotLoad: Story = {
  args: { loadFlow: () => Promise.reject(new Error('offline')) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await typePin(canvas, SURVEY_PIN);
    await waitFor(() =>
      expect(canvas.getByRole('alert')).toHaveTextContent(
        'Não foi possível conectar. Verifique sua internet e tente de novo.',
      ),
    );
    await expect(canvas.getByRole('button', { name: 'Entrar' })).toBeVisible();
  },
};

/** A returning patient whose phone cannot download the flow machine's code: "Sem conexão", then a retry resumes. */
export const ResumeWhenFlowCannotLoad: Story = {
  parameters: { survey: { signedIn: true } },
  args: { loadFlow: () => (flowFails ? Promise.reject(new Error('offline')) : import('./lib/flow')) },
  beforeEach: () => {
    flowFails = true;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Sem conexão' })).toBeVisible();
    flowFails = false;
    await userEvent.click(canvas.getByRole('button', { name: 'Tentar de novo' }));
    await expect(await canvas.findByRole('button', { name: 'Começar' })).toBeVisible();
  },
};

/** One question at a time: keyboard only, with the heading focused on each step. */
export const MultipleChoiceThenSubQuestion: Story = {
  parameters: { survey: { signedIn: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Começar' }));
    const title = await canvas.findByRole('heading', { level: 1, name: 'Você comeu frutas hoje?' });
    await waitFor(() => expect(title).toHaveFocus());
    await expect(canvas.getByRole('progressbar', { name: 'Pergunta 1 de 6' })).toBeInTheDocument();
    // Keyboard only: Tab to the first card, Tab to the forward button, Enter without an answer says what is missing.
    await userEvent.tab();
    await expect(canvas.getByRole('radio', { name: 'Sim' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Prosseguir' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Escolha uma alternativa para continuar.');
    // Back to the cards (Shift+Tab lands on the last one), Space picks 'Não', the arrow moves to 'Sim', Enter goes on.
    await userEvent.tab({ shift: true });
    await userEvent.keyboard(' ');
    await expect(canvas.getByRole('radio', { name: 'Não' })).toBeChecked();
    await userEvent.keyboard('{ArrowUp}');
    await expect(canvas.getByRole('radio', { name: 'Sim' })).toBeChecked();
    await userEvent.keyboard('{Enter}');
    const sub = await canvas.findByRole('heading', { level: 1, name: 'Quais frutas você comeu?' });
    await waitFor(() => expect(sub).toHaveFocus());
    // The sub-question is part of question 1: the count does not jump to '2 de 7'.
    await expect(canvas.getByRole('progressbar', { name: 'Pergunta 1 de 6 · complemento' })).toBeInTheDocument();
  },
};

export const SubQuestion: Story = {
  parameters: { survey: { signedIn: true, server: { answers: answeredUpTo(1) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Quais frutas você comeu?' })).toBeVisible();
    const field = canvas.getByRole('textbox', { name: 'Quais frutas você comeu?' });
    await userEvent.type(field, 'Banana{Enter}');
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Qual é o seu peso hoje?' })).toBeVisible();
  },
};

export const Metrics: Story = {
  parameters: { survey: { signedIn: true, server: { answers: answeredUpTo(2) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Qual é o seu peso hoje?' })).toBeVisible();
    await expect(canvas.getByRole('progressbar', { name: 'Pergunta 2 de 6' })).toBeInTheDocument();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Qual é o seu peso hoje? em kg' }), '72,5{Enter}');
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Como está sua disposição?' })).toBeVisible();
  },
};

/**
 * 999 where the question takes 20 to 300 kg stays 999 and is refused under the field: "Prosseguir" does not
 * advance and nothing is saved (before, the screen replaced it with 300 and sent that).
 */
export const MetricOutOfRange: Story = {
  parameters: { survey: { signedIn: true, server: { answers: answeredUpTo(2) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = await canvas.findByRole('textbox', { name: 'Qual é o seu peso hoje? em kg' });
    await userEvent.type(field, '999');
    await userEvent.click(canvas.getByRole('button', { name: 'Prosseguir' }));
    await expect(field).toHaveValue('999');
    // Under the field (and read out by the alert beside it, for a screen reader).
    const under = await canvas.findByText('Informe um valor entre 20 e 300 kg.', { selector: '[slot="errorMessage"]' });
    await expect(under).toBeVisible();
    await expect(field).toHaveAccessibleDescription(/Informe um valor entre 20 e 300 kg\./);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Informe um valor entre 20 e 300 kg.');
    await expect(canvas.getByRole('heading', { level: 1, name: 'Qual é o seu peso hoje?' })).toBeVisible();
    await expect(mockServer?.state.answers).toHaveLength(2);
    // Fixed, it goes on.
    await userEvent.clear(field);
    await userEvent.type(field, '99,5');
    await expect(canvas.queryAllByText('Informe um valor entre 20 e 300 kg.')).toHaveLength(0);
    await userEvent.click(canvas.getByRole('button', { name: 'Prosseguir' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Como está sua disposição?' })).toBeVisible();
  },
};

export const LinearScale: Story = {
  parameters: { survey: { signedIn: true, server: { answers: answeredUpTo(3) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Como está sua disposição?' })).toBeVisible();
    // A tap the moment the question shows: the heading, focused a frame later, does not take focus back.
    await userEvent.click(canvas.getByRole('radio', { name: '7' }));
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('radio', { name: '8' })).toBeChecked();
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 20)));
    await expect(canvas.getByRole('radio', { name: '8' })).toHaveFocus();
    await expect(canvas.getByRole('radio', { name: '10, Ótima' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Prosseguir' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Sobre a sua semana' })).toBeVisible();
  },
};

export const LikertScale: Story = {
  parameters: { survey: { signedIn: true, server: { answers: answeredUpTo(4) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Sobre a sua semana' })).toBeVisible();
    const first = canvas.getByRole('radiogroup', { name: 'Consegui seguir o plano alimentar.' });
    await userEvent.click(within(first).getByRole('radio', { name: 'Concordo' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Prosseguir' }));
    await expect(canvas.getByRole('alert')).toHaveTextContent('Responda a todas as afirmações para continuar.');
    const second = canvas.getByRole('radiogroup', { name: 'Senti fome entre as refeições.' });
    await userEvent.click(within(second).getByRole('radio', { name: 'Discordo' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Prosseguir' }));
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Conte como foi sua alimentação ontem' }),
    ).toBeVisible();
  },
};

export const FreeField: Story = {
  parameters: { survey: { signedIn: true, server: { answers: answeredUpTo(5) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Conte como foi sua alimentação ontem' }),
    ).toBeVisible();
    const field = canvas.getByRole('textbox', { name: 'Conte como foi sua alimentação ontem' });
    await userEvent.type(field, 'Café com frutas.');
    await expect(canvas.getByText('16/1000 caracteres')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Prosseguir' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Envie uma foto do seu almoço' })).toBeVisible();
  },
};

const DRAFT_KEY = draftKeyOf(SURVEY_SCHEDULE_ID);

/** Signed in, at the question after `answered` answers, with `draft` kept on this phone for the question `questionId`. */
const withDraft = (answered: number, questionId: string, draft: object) => ({
  survey: {
    signedIn: true,
    server: { answers: answeredUpTo(answered) },
    draft: { step: draftStepOf({ questionId }), draft },
  } satisfies SurveyParameters,
});

/** A pasted text past the limit is kept whole and said under the field; it goes on once it fits. */
export const FreeFieldTooLong: Story = {
  parameters: { survey: { signedIn: true, server: { answers: answeredUpTo(5) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = await canvas.findByRole('textbox', { name: 'Conte como foi sua alimentação ontem' });
    await userEvent.click(field);
    await userEvent.paste('a'.repeat(1005));
    await expect(field).toHaveValue('a'.repeat(1005));
    await expect(canvas.getByText('Use no máximo 1000 caracteres (agora são 1005).')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Prosseguir' }));
    await expect(canvas.getByRole('heading', { level: 1, name: 'Conte como foi sua alimentação ontem' })).toBeVisible();
    await userEvent.type(field, '{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}');
    await expect(canvas.queryByText(/Use no máximo 1000/)).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Prosseguir' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Envie uma foto do seu almoço' })).toBeVisible();
  },
};

/** What the patient types is kept on the phone as she types, and removed once the answer is sent. */
export const FreeFieldKeptWhileTyping: Story = {
  parameters: { survey: { signedIn: true, server: { answers: answeredUpTo(5) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = await canvas.findByRole('textbox', { name: 'Conte como foi sua alimentação ontem' });
    await userEvent.type(field, 'Café com frutas.');
    await waitFor(() => expect(window.localStorage.getItem(DRAFT_KEY)).toContain('Café com frutas.'));
    await userEvent.click(canvas.getByRole('button', { name: 'Prosseguir' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Envie uma foto do seu almoço' })).toBeVisible();
    await expect(window.localStorage.getItem(DRAFT_KEY)).toBeNull();
  },
};

/** Back after a reload (or a closed tab): the text typed before is still there, ready to send. */
export const FreeFieldAfterReload: Story = {
  parameters: withDraft(5, SURVEY_QUESTION_IDS.meals, { text: 'Café com frutas e' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = await canvas.findByRole('textbox', { name: 'Conte como foi sua alimentação ontem' });
    await expect(field).toHaveValue('Café com frutas e');
    await userEvent.type(field, ' pão.');
    await userEvent.click(canvas.getByRole('button', { name: 'Prosseguir' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Envie uma foto do seu almoço' })).toBeVisible();
  },
};

/** A measurement is kept as it is typed, before the field is left: a reload in the middle loses nothing. */
export const MetricKeptWhileTyping: Story = {
  parameters: { survey: { signedIn: true, server: { answers: answeredUpTo(2) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = await canvas.findByRole('textbox', { name: 'Qual é o seu peso hoje? em kg' });
    await userEvent.type(field, '72,5');
    await expect(field).toHaveFocus();
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem(DRAFT_KEY) ?? '{}')).toEqual({
        step: draftStepOf({ questionId: SURVEY_QUESTION_IDS.weight }),
        draft: expect.objectContaining({ metric: 72.5 }),
      }),
    );
    await userEvent.clear(field);
    await waitFor(() => expect(window.localStorage.getItem(DRAFT_KEY)).toBeNull());
  },
};

/** A draft kept for another question is not put into this one. */
export const DraftOfAnotherQuestion: Story = {
  parameters: withDraft(5, SURVEY_QUESTION_IDS.weight, { text: 'não é daqui' }),
  play: async ({ canvasElement }) => {
    const field = await within(canvasElement).findByRole('textbox', { name: 'Conte como foi sua alimentação ontem' });
    await expect(field).toHaveValue('');
  },
};

const photo = () => new File([new Uint8Array(2048)], 'almoco.png', { type: 'image/png' });

/** The upload on its way: the progress bar is shown and forward waits for it. */
export const FileUploadInProgress: Story = {
  parameters: { survey: { signedIn: true, server: { answers: answeredUpTo(6), hangUploads: true } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Envie uma foto do seu almoço' })).toBeVisible();
    await expect(await canvas.findByRole('button', { name: 'Escolher arquivo' })).toBeVisible();
    await userEvent.upload(canvasElement.querySelector<HTMLInputElement>('input[type=file]')!, photo());
    await expect(await canvas.findByRole('progressbar', { name: 'Enviando almoco.png' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Prosseguir' }));
    await expect(canvas.getByRole('alert')).toHaveTextContent('Aguarde o envio do arquivo terminar.');
  },
};

/** The last question, then the review (nothing final yet), "Enviar respostas" and the thanks. */
export const FileUploadThenThanks: Story = {
  parameters: { survey: { signedIn: true, server: { answers: answeredUpTo(6) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Escolher arquivo' })).toBeVisible();
    await userEvent.upload(canvasElement.querySelector<HTMLInputElement>('input[type=file]')!, photo());
    await expect(await canvas.findByText(/Enviado/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Prosseguir' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Confira suas respostas' })).toBeVisible();
    await expect(canvas.getByText('almoco.png')).toBeVisible();
    await expect(mockServer!.state.finishedAt).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Enviar respostas' }));
    const thanks = await canvas.findByRole('heading', { level: 1, name: 'Respostas enviadas. Obrigado!' });
    await waitFor(() => expect(thanks).toHaveFocus());
    await expect(canvas.getByText(/Ana Souza já recebeu suas respostas/)).toBeVisible();
  },
};

/** No network: the answer stays on the phone, the patient goes on, and it is sent when the network returns. */
export const Offline: Story = {
  parameters: { survey: { signedIn: true, server: { answers: answeredUpTo(2) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Qual é o seu peso hoje?' })).toBeVisible();
    worker!.use(http.put('*/api/quiz-answer/:quizAnswerId', offline));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Qual é o seu peso hoje? em kg' }), '72,5{Enter}');
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Como está sua disposição?' })).toBeVisible();
    // The status region is there from the start; the message arrives when the save fails.
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent(/Sem conexão\. Sua resposta está guardada neste aparelho/),
    );
    const kept = JSON.parse(window.localStorage.getItem(`acompanha.survey.${SURVEY_SCHEDULE_ID}`)!) as {
      queue: { idempotencyKey: string }[];
    };
    await expect(kept.queue).toHaveLength(1);
  },
};

export const FinishingOffline: Story = {
  parameters: { survey: { signedIn: true, server: { answers: surveyAnswerFixtures } } },
  beforeEach: ({ msw }) => {
    msw.use(http.put('*/api/quiz-answer/:quizAnswerId', offline));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Enviar respostas' }));
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Suas respostas estão guardadas' }),
    ).toBeVisible();
  },
};

export const Thanks: Story = {
  parameters: { survey: { signedIn: true, server: { answers: surveyAnswerFixtures } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Enviar respostas' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Respostas enviadas. Obrigado!' })).toBeVisible();
    await expect(mockServer!.state.finishedAt).not.toBeNull();
  },
};

/** Every question answered: the review lists them, sub-questions under theirs, each with "Alterar". */
export const Review: Story = {
  parameters: { survey: { signedIn: true, server: { answers: surveyAnswerFixtures } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const heading = await canvas.findByRole('heading', { level: 1, name: 'Confira suas respostas' });
    await waitFor(() => expect(heading).toHaveFocus());
    const items = canvas.getAllByRole('listitem').filter((li) => li.classList.contains('rv-item'));
    await expect(items).toHaveLength(6);
    // The sub-question is listed under the question that opened it.
    await expect(within(items[0]!).getByRole('heading', { level: 3, name: 'Quais frutas você comeu?' })).toBeVisible();
    await expect(within(items[0]!).getByText('Banana e maçã')).toBeVisible();
    await expect(within(items[1]!).getByText('72,5 kg')).toBeVisible();
    await expect(within(items[3]!).getByText('Senti fome entre as refeições.: Discordo')).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: /^Alterar/ })).toHaveLength(7);
    await expect(canvas.getByRole('button', { name: 'Enviar respostas' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Prosseguir' })).toBeNull();
  },
};

/** "Alterar" opens the question with its answer; saving it comes back to the review with the change. */
export const ReviewAlterar: Story = {
  parameters: { survey: { signedIn: true, server: { answers: surveyAnswerFixtures } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Alterar: Qual é o seu peso hoje?' }));
    const field = await canvas.findByRole('textbox', { name: 'Qual é o seu peso hoje? em kg' });
    await expect(field).toHaveValue('72,5');
    await userEvent.clear(field);
    await userEvent.type(field, '73{Enter}');
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Confira suas respostas' })).toBeVisible();
    await expect(canvas.getByText('73 kg')).toBeVisible();
    await waitFor(() =>
      expect(mockServer!.state.answers.find((a) => a.questionId === SURVEY_QUESTION_IDS.weight)?.value).toEqual({
        type: 'metrics',
        value: 73,
      }),
    );
  },
};

/** "Alterar" on a question to an alternative that opens a sub-question: that sub-question first, then the review. */
export const ReviewAlterarOpensSubQuestion: Story = {
  parameters: {
    survey: {
      signedIn: true,
      server: {
        answers: [
          { ...surveyAnswerFixtures[0]!, value: { type: 'multiple-choice', alternativeIds: [SURVEY_ALTERNATIVES.no] } },
          ...surveyAnswerFixtures.slice(2),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Alterar: Você comeu frutas hoje?' }));
    await expect(await canvas.findByRole('radio', { name: 'Não' })).toBeChecked();
    await userEvent.click(canvas.getByRole('radio', { name: 'Sim' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Prosseguir' }));
    const field = await canvas.findByRole('textbox', { name: 'Quais frutas você comeu?' });
    await userEvent.type(field, 'Uva{Enter}');
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Confira suas respostas' })).toBeVisible();
    await expect(canvas.getByText('Uva')).toBeVisible();
  },
};

/** "Voltar" shows the previous question with the answer given, the sub-question included; none on the first. */
export const BackKeepsTheAnswer: Story = {
  parameters: { survey: { signedIn: true, server: { answers: answeredUpTo(3) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Como está sua disposição?' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Voltar' }));
    await expect(await canvas.findByRole('textbox', { name: 'Qual é o seu peso hoje? em kg' })).toHaveValue('72,5');
    await expect(canvas.getByRole('progressbar', { name: 'Pergunta 2 de 6' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Voltar' }));
    await expect(await canvas.findByRole('textbox', { name: 'Quais frutas você comeu?' })).toHaveValue('Banana e maçã');
    await expect(canvas.getByRole('progressbar', { name: 'Pergunta 1 de 6 · complemento' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Voltar' }));
    await expect(await canvas.findByRole('radio', { name: 'Sim' })).toBeChecked();
    await expect(canvas.queryByRole('button', { name: 'Voltar' })).toBeNull();
    // Forward again, unchanged: nothing is sent, and the answers come back one by one.
    const saves = mockServer!.state.saves;
    await userEvent.click(canvas.getByRole('button', { name: 'Prosseguir' }));
    await expect(await canvas.findByRole('textbox', { name: 'Quais frutas você comeu?' })).toHaveValue('Banana e maçã');
    await expect(mockServer!.state.saves).toBe(saves);
  },
};

/** What she typed and did not send yet is still there after "Voltar" and back. */
export const BackKeepsTheTypedDraft: Story = {
  parameters: { survey: { signedIn: true, server: { answers: answeredUpTo(5) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = await canvas.findByRole('textbox', { name: 'Conte como foi sua alimentação ontem' });
    await userEvent.type(field, 'Almocei fora.');
    await userEvent.click(canvas.getByRole('button', { name: 'Voltar' }));
    await expect(await canvas.findByRole('radiogroup', { name: 'Consegui seguir o plano alimentar.' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Prosseguir' }));
    await expect(await canvas.findByRole('textbox', { name: 'Conte como foi sua alimentação ontem' })).toHaveValue(
      'Almocei fora.',
    );
  },
};

/** Changing an answer after going back: saved as a change, and the sub-question it no longer opens goes with its answer. */
export const BackChangeDropsSubQuestion: Story = {
  parameters: { survey: { signedIn: true, server: { answers: answeredUpTo(3) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Como está sua disposição?' })).toBeVisible();
    for (let i = 0; i < 3; i++) {
      await userEvent.click(canvas.getByRole('button', { name: 'Voltar' }));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await userEvent.click(await canvas.findByRole('radio', { name: 'Não' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Prosseguir' }));
    // Straight to the weight (its answer kept), no sub-question any more.
    await expect(await canvas.findByRole('textbox', { name: 'Qual é o seu peso hoje? em kg' })).toHaveValue('72,5');
    await waitFor(() =>
      expect(mockServer!.state.answers.map((a) => a.questionId)).toEqual([
        SURVEY_QUESTION_IDS.fruit,
        SURVEY_QUESTION_IDS.weight,
      ]),
    );
  },
};

export const AlreadyAnswered: Story = {
  parameters: { survey: { signedIn: true, server: { state: 'answered' } } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { level: 1, name: 'Questionário já respondido' }),
    ).toBeVisible();
  },
};

export const NothingPending: Story = {
  parameters: { survey: { signedIn: true, server: { state: 'nothing-pending' } } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { level: 1, name: 'Nenhum questionário para responder agora' }),
    ).toBeVisible();
  },
};

export const LoadFailed: Story = {
  parameters: { survey: { signedIn: true } },
  beforeEach: ({ msw }) => {
    msw.use(http.get('*/api/quiz-answer/:scheduleId', offline));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Sem conexão' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Tentar de novo' })).toBeVisible();
  },
};

/** The cover stays when starting cannot reach the server, and says so. */
export const StartOffline: Story = {
  parameters: { survey: { signedIn: true } },
  beforeEach: ({ msw }) => {
    msw.use(http.post('*/api/quiz-answer', offline));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Começar' }));
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent(
        'Sem conexão. Verifique sua internet e toque no botão para começar de novo.',
      ),
    );
    await expect(canvas.getByRole('heading', { level: 1, name: 'Seu acompanhamento da semana' })).toBeVisible();
  },
};

/** An answer the server did not expect (not a network failure): a way to try again. */
export const Failed: Story = {
  parameters: { survey: { signedIn: true } },
  beforeEach: ({ msw }) => {
    msw.use(
      http.get('*/api/quiz-answer/:scheduleId', () =>
        HttpResponse.json(
          { statusCode: 400, application_error_code: 'WRONG_COMMAND_PARAMETERS', message: 'x' },
          { status: 400 },
        ),
      ),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Algo deu errado' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Tentar de novo' })).toBeVisible();
  },
};

/** Offline, a change waits on the phone like any answer (a replace in the kept queue) and the patient goes on. */
export const BackChangeOffline: Story = {
  parameters: { survey: { signedIn: true, server: { answers: answeredUpTo(3) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Como está sua disposição?' })).toBeVisible();
    worker!.use(http.put('*/api/quiz-answer/:quizAnswerId', offline));
    await userEvent.click(canvas.getByRole('button', { name: 'Voltar' }));
    const field = await canvas.findByRole('textbox', { name: 'Qual é o seu peso hoje? em kg' });
    await userEvent.clear(field);
    await userEvent.type(field, '80{Enter}');
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Como está sua disposição?' })).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(/Sem conexão/));
    const kept = JSON.parse(window.localStorage.getItem(`acompanha.survey.${SURVEY_SCHEDULE_ID}`)!) as {
      queue: { answer?: { questionId: string; replace?: boolean; value: unknown } }[];
    };
    await expect(kept.queue.map((i) => i.answer)).toEqual([
      {
        questionId: SURVEY_QUESTION_IDS.weight,
        parentQuestionId: null,
        value: { type: 'metrics', value: 80 },
        replace: true,
      },
    ]);
  },
};

/** A link the server does not know: said at once, in the default look, naming no one and asking no PIN. */
export const UnknownLink: Story = {
  args: { quizScheduleId: '00000000-0000-4000-8000-000000000000' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Questionário indisponível' })).toBeVisible();
    await expect(canvas.queryByRole('group', { name: 'PIN de acesso' })).toBeNull();
    await expect(canvas.queryByText('Ana Souza')).toBeNull();
  },
};

/** The PIN in the professional's look: her header (initials, name, subtitle) and colours, before anything else. */
export const BrandedPin: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Digite seu PIN' })).toBeVisible();
    const header = canvas.getByRole('banner');
    await expect(within(header).getByText('Ana Souza')).toBeVisible();
    await expect(within(header).getByText('Nutricionista')).toBeVisible();
    await expect(getComputedStyle(header).backgroundColor).toBe('rgb(22, 101, 52)');
    await expect(canvas.getByText(/Ana Souza enviou um questionário para você/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Entrar' })).toHaveStyle({ backgroundColor: 'rgb(22, 101, 52)' });
  },
};

/** Her photo from a kept link that expired (or fails to load): her initials instead, never a broken image. */
export const PinPhotoFallsBack: Story = {
  beforeEach: ({ msw }) => {
    msw.use(
      http.get('*/api/quiz-answer/:scheduleId/brand', () =>
        HttpResponse.json({ ...surveyBrandFixture, profilePic: '/api/file/expirado.png' }),
      ),
      http.get('*/api/file/:key', () => new HttpResponse(null, { status: 404 })),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Digite seu PIN' })).toBeVisible();
    await waitFor(() => expect(within(canvas.getByRole('banner')).getByText('AS')).toBeVisible());
    await expect(canvasElement.querySelector('header img')).toBeNull();
  },
};

/** While her look loads: a neutral placeholder, not a default PIN screen that changes colour a moment later. */
export const PinWhileBrandLoads: Story = {
  parameters: { survey: { server: { brandLatency: 'infinite' } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(canvas.queryByRole('heading', { name: 'Digite seu PIN' })).toBeNull();
    await expect(canvasElement.querySelector('header[data-loading]')).not.toBeNull();
    // After a moment without an answer (offline), the PIN in the default look: the patient is never stuck.
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Digite seu PIN' }, { timeout: 4000 }),
    ).toBeVisible();
  },
};

/** A link that is no longer answerable says so in the professional's look. */
export const NoLongerAnswerableBranded: Story = {
  parameters: { survey: { server: { state: 'answered' } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await typePin(canvas, SURVEY_PIN);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Questionário já respondido' })).toBeVisible();
    const header = canvas.getByRole('banner');
    await expect(within(header).getByText('Ana Souza')).toBeVisible();
    await expect(getComputedStyle(header).backgroundColor).toBe('rgb(22, 101, 52)');
  },
};

/** On a 390 px phone: a question with "Voltar", then the review; nothing scrolls sideways. */
export const Phone390: Story = {
  parameters: { survey: { signedIn: true, server: { answers: answeredUpTo(6) } } },
  decorators: [
    (Story) => (
      <div data-testid="phone" style={{ width: 390, height: 844, overflow: 'auto' }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const phone = canvas.getByTestId('phone');
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Envie uma foto do seu almoço' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Voltar' })).toBeVisible();
    await expect(phone.scrollWidth).toBeLessThanOrEqual(phone.clientWidth);
    await userEvent.click(canvas.getByRole('button', { name: 'Voltar' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Prosseguir' }));
    await userEvent.upload(
      (await waitFor(() => canvasElement.querySelector<HTMLInputElement>('input[type=file]')))!,
      photo(),
    );
    await expect(await canvas.findByText(/Enviado/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Prosseguir' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Confira suas respostas' })).toBeVisible();
    await expect(phone.scrollWidth).toBeLessThanOrEqual(phone.clientWidth);
  },
};

export const MalformedLink: Story = {
  args: { quizScheduleId: null },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { level: 1, name: 'Questionário indisponível' }),
    ).toBeVisible();
  },
};
