import { useQuery } from '@tanstack/react-query';
import { getPatientAnswerSeriesOptions, type AnswerRevisionDetail, type AnswerSeries } from '@acompanha/api-client';
import { Spinner, Text } from '@acompanha/ui';
import { SeriesChart } from './charts/SeriesChart';

/** The questions of a revision (sub-questions included), in the order they were asked. */
function questionOrder(revision: AnswerRevisionDetail): string[] {
  return revision.answers.flatMap((a) => [a.questionId, ...a.subAnswers.map((s) => s.questionId)]);
}

/** The patient's series of the metric and scale questions this revision answered, in question order. */
export function seriesOfRevision(revision: AnswerRevisionDetail, all: AnswerSeries[]): AnswerSeries[] {
  const order = questionOrder(revision);
  return all
    .filter((s) => order.includes(s.questionId) && s.points.length > 0)
    .sort((a, b) => order.indexOf(a.questionId) - order.indexOf(b.questionId));
}

export const revisionSeriesOptions = (patientId: string) => getPatientAnswerSeriesOptions({ path: { patientId } });

/**
 * "Evolução": a chart per metric or scale question of the revision, over every answer of the
 * patient (other quizzes too), with this answer's point drawn larger.
 */
export function RevisionSeries({ revision, printWidth }: { revision: AnswerRevisionDetail; printWidth?: number }) {
  const query = useQuery(revisionSeriesOptions(revision.patientId));
  if (query.isPending) return <Spinner label="Carregando gráficos" />;
  if (query.isError) return <Text variant="muted">Não foi possível carregar os gráficos agora.</Text>;
  const series = seriesOfRevision(revision, query.data.series);
  if (series.length === 0)
    return <Text variant="muted">Este questionário não tem medidas nem escalas para acompanhar em gráfico.</Text>;
  return (
    <div
      css={{
        display: 'grid',
        gap: 'var(--space-5)',
        gridTemplateColumns: printWidth ? '1fr' : 'repeat(auto-fit, minmax(min(100%, 340px), 1fr))',
      }}
    >
      {series.map((s) => (
        <SeriesChart
          key={s.questionId}
          series={s}
          currentQuizAnswerId={revision.quizAnswerId}
          width={printWidth}
          height={printWidth ? 180 : 220}
        />
      ))}
    </div>
  );
}
