import { ErrorScreen } from '@acompanha/ui';

/**
 * The patient's survey (`/quiz-survey/:quizScheduleId`). Quizzes cannot be scheduled yet
 * (scheduling lands with issue 6), so every link is honestly reported as unavailable.
 */
export function SurveyApp() {
  return (
    <ErrorScreen
      title="Questionário indisponível"
      message="Este link de questionário não existe ou ainda não foi liberado. Confira o link que você recebeu do seu profissional."
    />
  );
}
