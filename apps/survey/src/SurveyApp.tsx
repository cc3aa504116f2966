import { Component, lazy, memo, Suspense, useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SurveyBrand, SurveyState } from '@acompanha/api-client';
import type { SurveyFlowContext, SurveyFlowEvent } from '@acompanha/machines';
import { QuizAppearanceProvider, type QuizAppearanceInput } from '@acompanha/ui';
import { useSurveyBrand, type BrandState } from './lib/brand';
import { readSession } from './lib/storage';
import { useSurveyFlow, type FlowLoader, type SurveyFlowSnapshot } from './lib/useSurveyFlow';
import { MessageScreen, OpeningScreen } from './screens/MessageScreen';
import { PinScreen } from './screens/PinScreen';
import { ProfessionalHeader, type ProfessionalHeaderProps } from './screens/ProfessionalHeader';
import { loadStatusText, StatusRegion } from './screens/StatusRegion';
import { mainStyles, pageStyles } from './screens/styles';

// What comes after the PIN loads on demand (and is fetched while the PIN is checked), so the first
// screen is only React and these few screens; the question's screen brings the flow's rules.
const loadAnswering = () => import('./answering/QuestionScreen');
const loadFolder = () => import('./answering/FolderStep');
const loadReview = () => import('./answering/ReviewStep');
const loadOutcome = () => import('./answering/Outcome');
const QuestionScreen = lazy(loadAnswering);
const Outcome = lazy(loadOutcome);
const FolderStep = lazy(loadFolder);
const ReviewStep = lazy(loadReview);
const preloadAnswering = () =>
  void Promise.all([loadFolder(), loadAnswering(), loadOutcome(), loadStatusText()]).catch(() => {});
// The end of the questions: the review, and the screens that follow it (fetched again should the PIN's try have
// failed).
const preloadReview = () => void Promise.all([loadReview(), loadOutcome()]).catch(() => {});

export interface SurveyAppProps {
  /** From the route `/quiz-survey/:quizScheduleId`; `null` when the link is malformed. */
  quizScheduleId: string | null;
  /** Stories only: how the flow machine's code is downloaded (slow, failing). */
  loadFlow?: FlowLoader;
}

/** The patient's survey at `/quiz-survey/:quizScheduleId`. */
export function SurveyApp({ quizScheduleId, loadFlow }: SurveyAppProps) {
  if (!quizScheduleId) {
    return (
      <QuizAppearanceProvider css={pageStyles}>
        <main css={mainStyles}>
          <NotFound />
        </main>
      </QuizAppearanceProvider>
    );
  }
  return <SurveyFlow key={quizScheduleId} quizScheduleId={quizScheduleId} loadFlow={loadFlow} />;
}

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

/** The flow is opening the survey (before the PIN's answer or with a kept token): the "Abrindo…" states. */
const isOpening = (s: SurveyFlowSnapshot) => s.matches('boot') || s.matches('loading') || s.matches('routing');

/** The look: the survey's appearance once loaded; before the PIN, the link's brand (else the default). */
function appearanceOf(survey: SurveyState | null, brand: SurveyBrand | null): QuizAppearanceInput | undefined {
  const a = survey?.appearance ?? brand;
  return a
    ? { colorScheme: a.colorScheme, profilePic: a.profilePic, subtitle: a.subtitle, forwardText: a.forwardText }
    : undefined;
}

/** Who sent it, for the header: from the survey once loaded, else the brand; `null` while the brand loads. */
function professionalOf(
  survey: SurveyState | null,
  brand: BrandState,
): ProfessionalHeaderProps['professional'] | false {
  if (survey) {
    const a = survey.appearance;
    return {
      name: survey.professionalName,
      subtitle: a?.subtitle ?? 'Nutricionista',
      profilePic: a?.profilePic ?? null,
    };
  }
  if (brand.status === 'ready')
    return { name: brand.brand.professionalName, subtitle: brand.brand.subtitle, profilePic: brand.brand.profilePic };
  return brand.status === 'loading' ? null : false;
}

const formatTime = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

function SurveyFlow({ quizScheduleId, loadFlow }: { quizScheduleId: string; loadFlow?: FlowLoader }) {
  const [kept] = useState(() => readSession(quizScheduleId));
  const [live, send] = useSurveyFlow(
    { quizScheduleId, token: kept.token, queue: kept.queue, position: kept.position },
    loadFlow,
  );
  const brand = useSurveyBrand(quizScheduleId);
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

  const busyLoading = isOpening(live);
  const validating = live.matches({ pin: 'validating' });
  const inQuestion = live.matches({ survey: { flow: 'question' } });
  useEffect(() => {
    if (busyLoading || validating) preloadAnswering();
    // The review's code comes while the patient answers, so the end of the questions never waits for it.
    if (inQuestion) preloadReview();
  }, [busyLoading, validating, inQuestion]);

  const survey = surveyOf(snapshot.context);
  const brandLook = brand.status === 'ready' ? brand.brand : null;
  const appearance = useMemo(() => appearanceOf(survey, brandLook), [survey, brandLook]);
  // The question screens draw her header themselves; an unknown link shows no one.
  const onQuestion = snapshot.matches({ survey: { flow: 'question' } });
  const professional = professionalOf(survey, brand);
  const unknownLink = brand.status === 'unknown' && !survey;
  // A patient coming back (her token kept) is taken straight to her question, which draws the header itself: a
  // header shown while it loads would only push the question down and vanish.
  // Read off the screen's (deferred) snapshot, as `onQuestion` is: off the live one, the header would show for the
  // frames between the flow reaching the question and the screen drawing it.
  const resuming = !!kept.token && isOpening(snapshot);

  return (
    <QuizAppearanceProvider appearance={appearance} css={pageStyles}>
      {!onQuestion && !resuming && !unknownLink && professional !== false && (
        <ProfessionalHeader professional={professional} />
      )}
      <StatusRegion snapshot={live} />
      <main css={mainStyles}>
        <ScreenErrorBoundary>
          <Suspense fallback={<OpeningScreen />}>
            <Screen
              snapshot={snapshot}
              send={send}
              brand={brand.status}
              professionalName={professional ? professional.name : null}
            />
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
  brand,
  professionalName,
}: {
  snapshot: SurveyFlowSnapshot;
  send: (event: SurveyFlowEvent) => void;
  /** Whether the link's brand is known yet (before the PIN). */
  brand: BrandState['status'];
  professionalName: string | null;
}) {
  const { context } = snapshot;
  const survey = surveyOf(context);
  const busyLoading = isOpening(snapshot);

  let screen: React.ReactNode;
  if (snapshot.matches('pin') && brand === 'unknown') {
    // The server does not know this link: say so at once instead of asking a PIN for nothing.
    screen = <NotFound />;
  } else if (snapshot.matches('pin') && brand === 'loading') {
    // A moment of neutral page while her look loads, rather than a default PIN screen that then changes colour.
    screen = <div aria-busy="true" css={{ flex: 1 }} />;
  } else if (snapshot.matches('pin')) {
    screen = (
      <PinScreen
        error={context.pinError}
        remainingAttempts={context.remainingAttempts}
        isValidating={snapshot.matches({ pin: 'validating' })}
        professionalName={professionalName}
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
  } else if (snapshot.matches({ survey: { flow: 'question' } }) && survey) {
    screen = <QuestionScreen context={context} send={send} />;
  } else if (snapshot.matches({ survey: { flow: 'review' } }) && survey) {
    screen = (
      <ReviewStep
        questions={survey.questions}
        answers={context.answers}
        onEdit={(editStep) => send({ type: 'answer.edit', step: editStep })}
        onSubmit={() => send({ type: 'review.submit' })}
      />
    );
  } else if (snapshot.matches({ survey: { flow: 'finishing' } })) {
    // Offline with her answers kept: said from the first chunk, which never needs the network to draw it.
    screen = snapshot.matches({ survey: { sync: 'waiting' } }) ? (
      <MessageScreen icon="offline" title="Suas respostas estão guardadas">
        <p>
          Sem conexão no momento. Suas respostas ficaram salvas neste aparelho e serão enviadas assim que a internet
          voltar. Se fechar a página, abra o link de novo para enviá-las.
        </p>
      </MessageScreen>
    ) : (
      <Outcome outcome="sending" professionalName={null} />
    );
  } else if (snapshot.matches('finished')) {
    screen = <Outcome outcome="finished" professionalName={survey ? survey.professionalName : null} />;
  } else if (snapshot.matches('alreadyAnswered')) {
    screen = <Outcome outcome="alreadyAnswered" professionalName={null} />;
  } else if (snapshot.matches('nothingPending')) {
    screen = <Outcome outcome="nothingPending" professionalName={null} />;
  } else {
    screen = <OpeningScreen />;
  }

  return screen;
});
