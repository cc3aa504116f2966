import { Component, lazy, memo, Suspense, useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SurveyState } from '@acompanha/api-client';
import {
  currentStep,
  progressOf,
  questionOf,
  surveyFlowMachine,
  type SurveyFlowContext,
  type SurveyFlowEvent,
} from '@acompanha/machines';
import type { SnapshotFrom } from 'xstate';
import { QuizAppearanceProvider, type QuizAppearanceInput } from '@acompanha/ui';
import { surveyActors } from './lib/api';
import { readSession, writeSession } from './lib/storage';
import { useFlowActor } from './lib/useFlowActor';
import { MessageScreen, OpeningScreen } from './screens/MessageScreen';
import { PinScreen } from './screens/PinScreen';
import { StatusRegion } from './screens/StatusRegion';

// What comes after the PIN loads on demand (and is fetched while the PIN is checked), so the first
// screen is only React, the flow machine and these few screens.
const loadAnswering = () => import('./answering/QuestionStep');
const loadFolder = () => import('./answering/FolderStep');
const QuestionStep = lazy(loadAnswering);
const FolderStep = lazy(loadFolder);
const preloadAnswering = () => void Promise.all([loadFolder(), loadAnswering()]).catch(() => {});

export interface SurveyAppProps {
  /** From the route `/quiz-survey/:quizScheduleId`; `null` when the link is malformed. */
  quizScheduleId: string | null;
}

/** The patient's survey at `/quiz-survey/:quizScheduleId`. */
export function SurveyApp({ quizScheduleId }: SurveyAppProps) {
  if (!quizScheduleId) {
    return (
      <QuizAppearanceProvider css={pageStyles}>
        <main css={mainStyles}>
          <NotFound />
        </main>
      </QuizAppearanceProvider>
    );
  }
  return <SurveyFlow key={quizScheduleId} quizScheduleId={quizScheduleId} />;
}

// Headings take focus by script on every step (for screen readers); they are not controls, so no ring.
const pageStyles = {
  minHeight: '100dvh',
  display: 'flex',
  flexDirection: 'column',
  '& h1:focus': { outline: 'none' },
} as const;
const mainStyles = { flex: 1, display: 'flex', flexDirection: 'column' } as const;

function NotFound() {
  return (
    <MessageScreen icon="info" title="Questionário indisponível">
      <p>
        Este link de questionário não existe ou ainda não foi liberado. Confira o link que você recebeu do seu
        profissional.
      </p>
    </MessageScreen>
  );
}

const surveyOf = (context: SurveyFlowContext) => context.survey as SurveyState | null;

function appearanceOf(survey: SurveyState | null): QuizAppearanceInput | undefined {
  const a = survey?.appearance;
  return a
    ? { colorScheme: a.colorScheme, profilePic: a.profilePic, subtitle: a.subtitle, forwardText: a.forwardText }
    : undefined;
}

const formatTime = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

function SurveyFlow({ quizScheduleId }: { quizScheduleId: string }) {
  const [machine] = useState(() =>
    surveyFlowMachine.provide({
      actors: surveyActors,
      actions: {
        persist: ({ context }) => writeSession(quizScheduleId, { token: context.token, queue: context.queue }),
      },
    }),
  );
  const [kept] = useState(() => readSession(quizScheduleId));
  const [live, send] = useFlowActor(machine, { quizScheduleId, token: kept.token, queue: kept.queue });
  // The screen follows the flow a beat behind, in a background render React slices into short
  // tasks (a new question is a big render); the live region follows it at once.
  const snapshot = useDeferredValue(live);

  useEffect(() => {
    const online = () => send({ type: 'network.online' });
    const offline = () => send({ type: 'network.offline' });
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    if (!navigator.onLine) offline();
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [send]);

  const busyLoading = live.matches('boot') || live.matches('loading') || live.matches('routing');
  const validating = live.matches({ pin: 'validating' });
  useEffect(() => {
    if (busyLoading || validating) preloadAnswering();
  }, [busyLoading, validating]);

  const survey = surveyOf(snapshot.context);
  const appearance = useMemo(() => appearanceOf(survey), [survey]);

  return (
    <QuizAppearanceProvider appearance={appearance} css={pageStyles}>
      <StatusRegion snapshot={live} />
      <main css={mainStyles}>
        <ScreenErrorBoundary>
          <Suspense fallback={<OpeningScreen />}>
            <Screen snapshot={snapshot} send={send} />
          </Suspense>
        </ScreenErrorBoundary>
      </main>
    </QuizAppearanceProvider>
  );
}

/**
 * A screen whose code could not be downloaded (the connection dropped right then): say so and offer
 * a reload. Answers already given are kept in storage, so reloading loses nothing.
 */
class ScreenErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <MessageScreen
        icon="offline"
        title="Sem conexão"
        action={{ label: 'Tentar de novo', onPress: () => window.location.reload() }}
      >
        <p>
          Não foi possível carregar esta parte do questionário. Verifique sua internet e tente de novo; suas respostas
          continuam guardadas.
        </p>
      </MessageScreen>
    );
  }
}

/** The screen of a flow snapshot (memoised: it renders only when the flow moved). */
const Screen = memo(function Screen({
  snapshot,
  send,
}: {
  snapshot: SnapshotFrom<typeof surveyFlowMachine>;
  send: (event: SurveyFlowEvent) => void;
}) {
  const { context } = snapshot;
  const survey = surveyOf(context);
  const busyLoading = snapshot.matches('boot') || snapshot.matches('loading') || snapshot.matches('routing');
  const step = snapshot.matches({ survey: { flow: 'question' } }) ? currentStep(context) : null;
  const question = survey && step ? questionOf(survey.questions, step) : null;

  let screen: React.ReactNode;
  if (snapshot.matches('pin')) {
    screen = (
      <PinScreen
        error={context.pinError}
        remainingAttempts={context.remainingAttempts}
        isValidating={snapshot.matches({ pin: 'validating' })}
        onSubmit={(pin) => send({ type: 'pin.submit', pin })}
      />
    );
  } else if (snapshot.matches('locked')) {
    screen = (
      <MessageScreen icon="lock" title="Link bloqueado por alguns minutos">
        <p>
          O PIN foi digitado errado muitas vezes. Por segurança, tente de novo
          {context.lockedUntil ? ` às ${formatTime(context.lockedUntil)}` : ' em 15 minutos'}. Esta página volta a pedir
          o PIN sozinha.
        </p>
      </MessageScreen>
    );
  } else if (busyLoading) {
    screen = <OpeningScreen />;
  } else if (snapshot.matches('loadFailed')) {
    screen = (
      <MessageScreen
        icon="offline"
        title="Sem conexão"
        action={{ label: 'Tentar de novo', onPress: () => send({ type: 'load.retry' }) }}
      >
        <p>
          Não foi possível abrir o questionário. Verifique sua internet; tentaremos de novo assim que a conexão voltar.
        </p>
      </MessageScreen>
    );
  } else if (snapshot.matches('failed')) {
    screen = (
      <MessageScreen
        icon="info"
        title="Algo deu errado"
        action={{ label: 'Tentar de novo', onPress: () => send({ type: 'load.retry' }) }}
      >
        <p>Não foi possível abrir o questionário agora. Tente de novo em instantes.</p>
      </MessageScreen>
    );
  } else if (snapshot.matches('notFound')) {
    screen = <NotFound />;
  } else if ((snapshot.matches('folder') || snapshot.matches('starting')) && survey) {
    screen = (
      <FolderStep folder={survey.folder} quizTitle={survey.quiz.title} onStart={() => send({ type: 'survey.start' })} />
    );
  } else if (question && survey && step) {
    const { current, total } = progressOf(survey.questions, step);
    screen = (
      <QuestionStep
        key={`${step.parentQuestionId}/${step.questionId}`}
        question={question}
        current={current}
        total={total}
        professionalName={survey.professionalName}
        token={context.token?.token ?? ''}
        quizScheduleId={context.quizScheduleId}
        onSubmit={(value) => send({ type: 'answer.submit', value })}
      />
    );
  } else if (snapshot.matches({ survey: { flow: 'finishing' } })) {
    const waiting = snapshot.matches({ survey: { sync: 'waiting' } });
    screen = waiting ? (
      <MessageScreen icon="offline" title="Suas respostas estão guardadas">
        <p>
          Sem conexão no momento. Suas respostas ficaram salvas neste aparelho e serão enviadas assim que a internet
          voltar. Se fechar a página, abra o link de novo para enviá-las.
        </p>
      </MessageScreen>
    ) : (
      <MessageScreen icon="busy" title="Enviando suas respostas…" />
    );
  } else if (snapshot.matches('finished')) {
    screen = (
      <MessageScreen icon="check" title="Respostas enviadas. Obrigado!">
        <p>
          {survey
            ? `${survey.professionalName} já recebeu suas respostas.`
            : 'Seu profissional já recebeu suas respostas.'}{' '}
          Você já pode fechar esta página.
        </p>
      </MessageScreen>
    );
  } else if (snapshot.matches('alreadyAnswered')) {
    screen = (
      <MessageScreen icon="check" title="Questionário já respondido">
        <p>Você já respondeu este questionário. Obrigado! Quando houver um novo, você receberá outro aviso.</p>
      </MessageScreen>
    );
  } else if (snapshot.matches('nothingPending')) {
    screen = (
      <MessageScreen icon="clock" title="Nenhum questionário para responder agora">
        <p>
          Não há questionário pendente neste link no momento. Quando chegar a hora do próximo, você receberá um aviso
          com o link e o PIN.
        </p>
      </MessageScreen>
    );
  } else {
    screen = <OpeningScreen />;
  }

  return screen;
});
