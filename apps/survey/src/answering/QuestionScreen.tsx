import type { SurveyState } from '@acompanha/api-client';
import {
  currentStep,
  isAnswered,
  previousStep,
  progressOf,
  questionOf,
  type SurveyFlowContext,
  type SurveyFlowEvent,
} from '@acompanha/machines';
import { OpeningScreen } from '../screens/MessageScreen';
import QuestionStep from './QuestionStep';

/**
 * The question the flow is on: which step, where it stands in the survey, the answer saved for it. Loaded with the
 * question's screen, so the flow's rules (packages/machines, with the machine's chunk) are nothing the PIN screen
 * downloads.
 */
export default function QuestionScreen({
  context,
  send,
}: {
  context: SurveyFlowContext;
  send: (event: SurveyFlowEvent) => void;
}) {
  const survey = context.survey as SurveyState | null;
  const step = currentStep(context);
  const question = survey && step ? questionOf(survey.questions, step) : null;
  if (!survey || !step || !question) return <OpeningScreen />;
  const { current, total, complement } = progressOf(survey.questions, step);
  const previous = previousStep(survey.questions, context.answers, step);
  const saved = context.answers.find(
    (a) => a.questionId === step.questionId && a.parentQuestionId === step.parentQuestionId,
  );
  return (
    <QuestionStep
      key={`${step.parentQuestionId}/${step.questionId}`}
      question={question}
      current={current}
      total={total}
      isComplement={complement}
      initialValue={saved?.value}
      onBack={previous && isAnswered(context.answers, previous) ? () => send({ type: 'answer.back' }) : undefined}
      professionalName={survey.professionalName}
      token={context.token?.token ?? ''}
      quizScheduleId={context.quizScheduleId}
      onSubmit={(value) => send({ type: 'answer.submit', value })}
    />
  );
}
