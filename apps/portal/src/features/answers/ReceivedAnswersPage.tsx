import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router';
import { listAnswerRevisionsOptions, type ListAnswerRevisionsData, type RevisionStatus } from '@acompanha/api-client';
import {
  Badge,
  Button,
  Cell,
  Column,
  DateRangePicker,
  EmptyState,
  Link,
  Page,
  Pagination,
  Row,
  Select,
  SelectItem,
  Stack,
  Table,
  TableBody,
  TableHeader,
  Text,
} from '@acompanha/ui';
import { loadOrSignIn } from '../../app/loaders';
import { queryClient as appQueryClient } from '../../app/queryClient';
import { formatDateTimeBR, plural } from '../../lib/format';
import { isPeriodInvalid, PatientFilter, periodFromParams, QuizFilter, type Period } from './filters';
import { REVISION_STATUS } from './format';

const PAGE_SIZE = 20;

type StatusFilter = RevisionStatus | 'all';

interface Filters {
  status: StatusFilter;
  quizId: string | null;
  patientId: string | null;
  period: Period | null;
  skip: number;
}

/** Filters live in the address, so "back" from a review returns to the same list. Pending by default. */
function filtersFrom(params: URLSearchParams): Filters {
  const status = params.get('status');
  return {
    status: status === 'completed' || status === 'all' ? status : 'pending',
    quizId: params.get('quizId'),
    patientId: params.get('patientId'),
    period: periodFromParams(params),
    skip: Math.max(0, Number(params.get('skip')) || 0),
  };
}

function listQuery(f: Filters): NonNullable<ListAnswerRevisionsData['query']> {
  return {
    take: PAGE_SIZE,
    skip: f.skip,
    ...(f.status !== 'all' ? { status: f.status } : {}),
    ...(f.quizId ? { quizId: f.quizId } : {}),
    ...(f.patientId ? { patientId: f.patientId } : {}),
    ...(f.period && !isPeriodInvalid(f.period) ? { from: f.period.start.toString(), to: f.period.end.toString() } : {}),
  };
}

/** Route loader of `/answers/received`: the first page of the filters in the address comes with the screen. */
export async function receivedAnswersLoader({ request }: { request: Request }) {
  const filters = filtersFrom(new URL(request.url).searchParams);
  await loadOrSignIn(request, () =>
    appQueryClient.query({ ...listAnswerRevisionsOptions({ query: listQuery(filters) }), staleTime: 'static' }),
  );
  return null;
}

/** Changing a filter rewrites the address; the list fetches by itself, without the page's loader. */
export function shouldRevalidateReceived({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

/** Where a revision is reviewed. */
export const reviewHref = (r: { id: string; patientId: string; quizScheduleId: string }) =>
  `/clients/profile/${r.patientId}/quiz/${r.quizScheduleId}?revisionId=${r.id}`;

/**
 * `/answers/received` ("Respostas recebidas"): every finished questionnaire to review, the newest
 * first, filtered by state, quiz, client and period.
 */
export function ReceivedAnswersPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const revisions = useQuery({
    ...listAnswerRevisionsOptions({ query: listQuery(filters) }),
    placeholderData: keepPreviousData,
  });
  const items = revisions.data?.items ?? [];
  const total = revisions.data?.total ?? 0;
  const invalidPeriod = isPeriodInvalid(filters.period);
  const filtered = !!(filters.quizId || filters.patientId || filters.period);

  function update(change: Partial<Filters>) {
    const next = { ...filters, skip: 0, ...change };
    const search = new URLSearchParams();
    if (next.status !== 'pending') search.set('status', next.status);
    if (next.quizId) search.set('quizId', next.quizId);
    if (next.patientId) search.set('patientId', next.patientId);
    if (next.period) {
      search.set('from', next.period.start.toString());
      search.set('to', next.period.end.toString());
    }
    if (next.skip) search.set('skip', String(next.skip));
    setParams(search, { replace: true, state: { quiet: true }, preventScrollReset: true });
  }

  const countText =
    filters.status === 'pending'
      ? `${plural(total, 'resposta aguardando', 'respostas aguardando')} revisão`
      : filters.status === 'completed'
        ? plural(total, 'resposta concluída', 'respostas concluídas')
        : plural(total, 'resposta', 'respostas');

  return (
    <Page
      title="Respostas recebidas"
      width="lg"
      description="Questionários respondidos pelos seus clientes, os mais recentes primeiro. Abra uma resposta para revisar, anotar e aprovar."
    >
      <Stack direction="row" gap={3} wrap align="end" role="search" aria-label="Filtrar respostas">
        <div css={{ minWidth: 160 }}>
          <Select
            label="Situação"
            selectedKey={filters.status}
            onSelectionChange={(k) => update({ status: (k ?? 'pending') as StatusFilter })}
          >
            <SelectItem id="pending">Pendentes</SelectItem>
            <SelectItem id="completed">Concluídas</SelectItem>
            <SelectItem id="all">Todas</SelectItem>
          </Select>
        </div>
        <div css={{ minWidth: 200 }}>
          <QuizFilter quizId={filters.quizId} onChange={(quizId) => update({ quizId })} />
        </div>
        <div css={{ minWidth: 220 }}>
          <PatientFilter patientId={filters.patientId} onChange={(patientId) => update({ patientId })} />
        </div>
        <DateRangePicker
          label="Período"
          value={filters.period}
          onChange={(period) => update({ period })}
          isInvalid={invalidPeriod}
          errorMessage="Escolha um período de até 366 dias."
        />
        {filtered ? (
          <Button variant="ghost" onPress={() => update({ quizId: null, patientId: null, period: null })}>
            Limpar filtros
          </Button>
        ) : null}
      </Stack>

      <Text variant="muted" aria-live="polite">
        {revisions.isPending ? 'Carregando respostas…' : countText}
      </Text>
      <Table aria-label="Respostas recebidas" reflow>
        <TableHeader>
          <Column id="patient" isRowHeader>
            Cliente
          </Column>
          <Column id="quiz">Questionário</Column>
          <Column id="finished">Respondido em</Column>
          <Column id="status">Situação</Column>
          <Column id="notes" align="end">
            Anotações
          </Column>
          <Column id="actions" align="end">
            Ações
          </Column>
        </TableHeader>
        <TableBody
          items={items}
          isLoading={revisions.isPending}
          loadingLabel="Carregando respostas…"
          emptyState={
            filtered || filters.status !== 'pending' ? (
              <EmptyState
                title="Nenhuma resposta encontrada"
                description="Tente outros filtros ou outro período."
                headingLevel={2}
              />
            ) : (
              <EmptyState
                title="Nenhuma resposta aguardando revisão"
                description="Quando um cliente terminar um questionário, a resposta aparece aqui para você revisar."
                headingLevel={2}
              />
            )
          }
        >
          {(r) => {
            const status = REVISION_STATUS[r.status];
            return (
              <Row id={r.id} textValue={`${r.patientName} — ${r.quizTitle}`}>
                <Cell>
                  <Link href={`/clients/profile/${r.patientId}`}>{r.patientName}</Link>
                </Cell>
                <Cell cardLabel="Questionário">{r.quizTitle}</Cell>
                <Cell cardLabel="Respondido em">{formatDateTimeBR(r.finishedAt)}</Cell>
                <Cell cardLabel="Situação">
                  <Badge tone={status.tone}>{status.label}</Badge>
                </Cell>
                <Cell align="end" cardLabel="Anotações">
                  {r.noteCount > 0 ? r.noteCount.toLocaleString('pt-BR') : '—'}
                </Cell>
                <Cell align="end" actions>
                  <Link
                    href={reviewHref(r)}
                    aria-label={`Revisar resposta de ${r.patientName} em ${formatDateTimeBR(r.finishedAt)}`}
                  >
                    Revisar
                  </Link>
                </Cell>
              </Row>
            );
          }}
        </TableBody>
      </Table>
      {total > PAGE_SIZE ? (
        <Pagination
          take={PAGE_SIZE}
          skip={filters.skip}
          total={total}
          onChange={(skip) => update({ skip })}
          isDisabled={revisions.isFetching}
        />
      ) : null}
    </Page>
  );
}
