import type { ReactNode } from 'react';
import { Global } from '@emotion/react';
import { useLoaderData, useNavigate, useSearchParams } from 'react-router';
import { useQuery, noop } from '@tanstack/react-query';
import {
  asApiError,
  getAnswerRevisionOptions,
  getAnswerStatusReportOptions,
  getPatientOptions,
  type AnswerRevisionDetail,
  type StatusReport,
  handled,
} from '@acompanha/api-client';
import { Button, EmptyState, PublicLayout, Spinner, Stack } from '@acompanha/ui';
import { loadOrSignIn } from '../../app/loaders';
import { queryClient as appQueryClient } from '../../app/queryClient';
import { usePersisted } from '../../app/store';
import { formatDateTimeBR, formatNumberBR, formatRate } from '../../lib/format';
import { AnswerItem } from './AnswerItem';
import { reportFiltersFrom, reportQuery, type ReportFilters } from './reportFilters';
import { StatusChart } from './charts/StatusChart';
import { isPeriodInvalid, quizFilterOptions } from './filters';
import { rateOf, REVISION_STATUS, STATUS_SERIES } from './format';
import { REVISION_NOT_FOUND_CODES } from './notFoundCodes';
import { RevisionSeries, revisionSeriesOptions } from './RevisionSeries';
import { formatCalendarDate } from '../../lib/dates';

/** A4 portrait less the margins below, in CSS pixels: the width the print charts are drawn at. */
const PRINT_CHART_WIDTH = 660;

/**
 * Paper: A4 with even margins; nothing of the screen's chrome (toolbar, toggles); white background;
 * badges keep their colours; an answer, a chart or a table row is never cut between two pages.
 */
const printStyles = {
  '@page': { size: 'A4 portrait', margin: '14mm 12mm' },
  '@media print': {
    'html, body, [data-print-root] > div': { background: '#fff !important' },
    '*': { printColorAdjust: 'exact', WebkitPrintColorAdjust: 'exact' },
    '[data-print-hide]': { display: 'none !important' },
    '[data-print-root] > div > header': {
      padding: '0 0 8px !important',
      borderBottom: '1px solid #D1D5DB !important',
      background: 'transparent !important',
    },
    '[data-print-root] > div > main': { padding: '12px 0 0 !important', maxWidth: 'none !important' },
    '[data-answer], tr, li, [data-print-keep]': { breakInside: 'avoid' },
    'h1, h2, h3, h4': { breakAfter: 'avoid' },
    a: { color: 'inherit !important', textDecoration: 'none !important' },
  },
} as const;

type LoaderData = { notFound: boolean };

/** Route loader of `/print`: what is printed comes with the page (signed in only). */
export async function printLoader({ request }: { request: Request }): Promise<LoaderData> {
  const params = new URL(request.url).searchParams;
  const revisionId = params.get('revisionId');
  try {
    await loadOrSignIn(request, async () => {
      if (revisionId) {
        const revision = await appQueryClient.query({
          ...getAnswerRevisionOptions({ path: { id: revisionId }, meta: handled(...REVISION_NOT_FOUND_CODES) }),
          staleTime: 'static',
        });
        await appQueryClient.query(revisionSeriesOptions(revision.patientId)).catch(noop);
      } else if (params.get('report')) {
        const filters = reportFiltersFrom(params);
        if (filters.patientId)
          void appQueryClient.query(getPatientOptions({ path: { id: filters.patientId } })).catch(noop);
        if (!isPeriodInvalid(filters.period))
          await appQueryClient.query({
            ...getAnswerStatusReportOptions({ query: reportQuery(filters) }),
            staleTime: 'static',
          });
      }
    });
    return { notFound: false };
  } catch (raw) {
    if (raw instanceof Response) throw raw;
    const error = asApiError(raw);
    if (REVISION_NOT_FOUND_CODES.includes(error.code) || error.status === 404) return { notFound: true };
    throw raw;
  }
}

function Toolbar() {
  const navigate = useNavigate();
  return (
    <Stack direction="row" gap={2} data-print-hide="">
      <Button
        variant="ghost"
        onPress={() => (window.history.length > 1 ? navigate(-1) : navigate('/answers/received'))}
      >
        Voltar
      </Button>
      <Button onPress={() => window.print()}>Imprimir</Button>
    </Stack>
  );
}

/** Who and what, as label–value pairs under the title. */
function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl
      css={{
        margin: 0,
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
        gap: 'var(--space-2) var(--space-5)',
      }}
    >
      {items.map(([label, value]) => (
        <div key={label} css={{ minWidth: 0 }}>
          <dt
            css={{
              fontSize: 'var(--font-size-xs)',
              color: 'var(--color-text-muted)',
              textTransform: 'uppercase',
              letterSpacing: '0.02em',
              fontWeight: 600,
            }}
          >
            {label}
          </dt>
          <dd css={{ margin: 0, fontWeight: 500 }}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const h1 = { margin: 0, fontSize: 'var(--font-size-2xl)', fontWeight: 700, lineHeight: 1.2 } as const;
const h2 = { margin: 'var(--space-5) 0 var(--space-3)', fontSize: 'var(--font-size-lg)', fontWeight: 600 } as const;

/**
 * `/print`: a page made for paper. `?revisionId=` prints one answered questionnaire (answers beside
 * the previous ones, charts, notes); `?report=status&from=…&to=…` prints the status report. Both say
 * who the professional and the client are.
 */
export function PrintPage() {
  const [params] = useSearchParams();
  const loaded = useLoaderData() as LoaderData | undefined;
  const revisionId = params.get('revisionId');
  const isReport = !!params.get('report');

  return (
    <div data-print-root="" css={{ display: 'contents' }}>
      <Global styles={printStyles} />
      <PublicLayout maxWidth={860} headerEnd={<Toolbar />}>
        {loaded?.notFound ? (
          <EmptyState
            title="Nada para imprimir"
            description="Não encontramos esta resposta. Ela pode ser de um cliente excluído."
            headingLevel={1}
          />
        ) : revisionId ? (
          <PrintRevision id={revisionId} />
        ) : isReport ? (
          <PrintReport filters={reportFiltersFrom(params)} />
        ) : (
          <EmptyState
            title="Nada para imprimir"
            description="Abra uma resposta ou o relatório de respostas e use o botão “Imprimir”."
            headingLevel={1}
          />
        )}
      </PublicLayout>
    </div>
  );
}

function PrintRevision({ id }: { id: string }) {
  const { data: revision } = useQuery(getAnswerRevisionOptions({ path: { id } }));
  if (!revision) return <Spinner label="Carregando resposta" />;
  return <PrintableRevision revision={revision} />;
}

/** One answered questionnaire on paper. */
export function PrintableRevision({ revision }: { revision: AnswerRevisionDetail }) {
  const status = REVISION_STATUS[revision.status];
  return (
    <article aria-labelledby="print-title" css={{ display: 'flex', flexDirection: 'column', gap: 'var(--space-4)' }}>
      <header css={{ display: 'flex', flexDirection: 'column', gap: 'var(--space-3)' }}>
        <h1 id="print-title" css={h1}>
          {revision.quizTitle}
        </h1>
        <Facts
          items={[
            ['Profissional', revision.professionalName],
            ['Cliente', revision.patientName],
            ['Respondido em', formatDateTimeBR(revision.finishedAt)],
            [
              'Situação',
              revision.status === 'completed' && revision.approvedAt
                ? `${status.label} (aprovada em ${formatDateTimeBR(revision.approvedAt)})`
                : status.label,
            ],
            ['Impresso em', formatDateTimeBR(new Date())],
          ]}
        />
      </header>

      <section aria-labelledby="print-answers">
        <h2 id="print-answers" css={h2}>
          Respostas
        </h2>
        <Stack gap={3}>
          {revision.answers.map((a) => (
            <AnswerItem key={a.questionId} answer={a} />
          ))}
        </Stack>
      </section>

      <section aria-labelledby="print-series">
        <h2 id="print-series" css={h2}>
          Evolução
        </h2>
        <RevisionSeries revision={revision} printWidth={PRINT_CHART_WIDTH} />
      </section>

      <section aria-labelledby="print-notes" data-print-keep="">
        <h2 id="print-notes" css={h2}>
          Anotações
        </h2>
        {revision.notes.length === 0 ? (
          <p css={{ margin: 0, color: 'var(--color-text-muted)' }}>Nenhuma anotação.</p>
        ) : (
          <ul
            css={{
              margin: 0,
              paddingLeft: 'var(--space-5)',
              display: 'flex',
              flexDirection: 'column',
              gap: 'var(--space-2)',
            }}
          >
            {revision.notes.map((n) => (
              <li key={n.id}>
                <span css={{ whiteSpace: 'pre-wrap' }}>{n.note}</span>
                <span
                  css={{ color: 'var(--color-text-muted)', fontSize: 'var(--font-size-sm)' }}
                >{` — ${formatDateTimeBR(n.createdAt)}`}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}

const cell = { padding: '4px 8px', borderBottom: '1px solid var(--color-border)' } as const;

function PrintReport({ filters }: { filters: ReportFilters }) {
  const professional = usePersisted((s) => s.session.professional?.name ?? '');
  const invalid = isPeriodInvalid(filters.period);
  const report = useQuery({ ...getAnswerStatusReportOptions({ query: reportQuery(filters) }), enabled: !invalid });
  const quizzes = useQuery(quizFilterOptions());
  const patient = useQuery({
    ...getPatientOptions({ path: { id: filters.patientId ?? '' } }),
    enabled: !!filters.patientId,
  });
  if (invalid)
    return (
      <EmptyState
        title="Período inválido"
        description="O relatório aceita períodos de até 366 dias."
        headingLevel={1}
      />
    );
  if (!report.data) return <Spinner label="Carregando relatório" />;
  const data: StatusReport = report.data;
  const quizTitle = filters.quizId
    ? (quizzes.data?.items.find((q) => q.id === filters.quizId)?.title ?? data.byQuiz[0]?.quizTitle ?? '')
    : 'Todos';

  return (
    <article aria-labelledby="print-title" css={{ display: 'flex', flexDirection: 'column', gap: 'var(--space-4)' }}>
      <header css={{ display: 'flex', flexDirection: 'column', gap: 'var(--space-3)' }}>
        <h1 id="print-title" css={h1}>
          Relatório de respostas
        </h1>
        <Facts
          items={[
            ['Profissional', professional],
            ['Período', `${formatCalendarDate(data.from)} a ${formatCalendarDate(data.to)}`],
            ['Questionário', quizTitle],
            ['Cliente', filters.patientId ? (patient.data?.name ?? '') : 'Todos'],
            ['Taxa de resposta', formatRate(data.answerRate)],
            ['Agrupado por', data.granularity === 'day' ? 'Dia' : 'Semana'],
            ['Impresso em', formatDateTimeBR(new Date())],
          ]}
        />
      </header>

      <section aria-labelledby="print-totals" data-print-keep="">
        <h2 id="print-totals" css={h2}>
          Totais do período
        </h2>
        <table css={{ borderCollapse: 'collapse', width: '100%', fontSize: 'var(--font-size-sm)' }}>
          <thead>
            <tr>
              {[...STATUS_SERIES.map((s) => s.label), 'Total'].map((label) => (
                <th key={label} scope="col" css={{ ...cell, textAlign: 'right' }}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              {[...STATUS_SERIES.map((s) => data.totals[s.key]), data.totals.total].map((v, i) => (
                <td key={i} css={{ ...cell, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                  {formatNumberBR(v)}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </section>

      <section aria-labelledby="print-chart">
        <h2 id="print-chart" css={h2}>
          Envios no período
        </h2>
        {data.totals.total === 0 ? (
          <p>Nenhum questionário enviado no período.</p>
        ) : (
          <StatusChart report={data} width={PRINT_CHART_WIDTH} height={240} isTableShown />
        )}
      </section>

      {data.byQuiz.length > 0 ? (
        <section aria-labelledby="print-by-quiz" data-print-keep="">
          <h2 id="print-by-quiz" css={h2}>
            Por questionário
          </h2>
          <table css={{ borderCollapse: 'collapse', width: '100%', fontSize: 'var(--font-size-sm)' }}>
            <thead>
              <tr>
                <th scope="col" css={{ ...cell, textAlign: 'left' }}>
                  Questionário
                </th>
                {['Enviados', ...STATUS_SERIES.map((s) => s.label), 'Taxa'].map((label) => (
                  <th key={label} scope="col" css={{ ...cell, textAlign: 'right' }}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.byQuiz.map((q) => (
                <tr key={q.quizId}>
                  <th scope="row" css={{ ...cell, textAlign: 'left', fontWeight: 400 }}>
                    {q.quizTitle}
                  </th>
                  {[q.total, ...STATUS_SERIES.map((s) => q[s.key])].map((v, i) => (
                    <td key={i} css={{ ...cell, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                      {formatNumberBR(v)}
                    </td>
                  ))}
                  <td css={{ ...cell, textAlign: 'right' }}>{formatRate(rateOf(q))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </article>
  );
}
