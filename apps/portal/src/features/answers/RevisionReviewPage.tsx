import { useLoaderData, useParams, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient, noop } from '@tanstack/react-query';
import {
  approveAnswerRevisionMutation,
  asApiError,
  getAnswerRevisionOptions,
  getAnswerRevisionQueryKey,
  getScheduleAnswerRevisionsOptions,
  listPendingAnswerRevisionsOptions,
  setAnswerRevisionPendingMutation,
  type AnswerRevision,
  type AnswerRevisionDetail,
  handled,
} from '@acompanha/api-client';
import {
  Badge,
  Breadcrumb,
  Breadcrumbs,
  Button,
  Card,
  EmptyState,
  Heading,
  Page,
  Spinner,
  Stack,
  Text,
} from '@acompanha/ui';
import { loadOrSignIn } from '../../app/loaders';
import { queryClient as appQueryClient } from '../../app/queryClient';
import { formatDateTimeBR, plural } from '../../lib/format';
import { AnswerItem } from './AnswerItem';
import { REVISION_STATUS } from './format';
import { LinkButton } from '../../lib/LinkButton';
import { REVISION_NOT_FOUND_CODES } from './notFoundCodes';
import { RevisionNotes } from './RevisionNotes';
import { RevisionSeries, revisionSeriesOptions } from './RevisionSeries';
import { refreshAfter } from '../../lib/refresh';

/** The latest answered occurrence of a schedule. */
export const latestOfScheduleOptions = (patientId: string, scheduleId: string) =>
  getScheduleAnswerRevisionsOptions({
    path: { patientId, scheduleId },
    query: { take: 1, skip: 0 },
    meta: handled(...REVISION_NOT_FOUND_CODES),
  });

const revisionOptions = (id: string) =>
  getAnswerRevisionOptions({ path: { id }, meta: handled(...REVISION_NOT_FOUND_CODES) });

type LoaderData = { notFound: string | null };

/**
 * Route loader of `/clients/profile/:clientId/quiz/:quizScheduleId`: the revision in the address
 * (`?revisionId=`), else the schedule's latest answer, and the patient's series in the background.
 * Nothing answered, or not found, is not an application error: the screen says so.
 */
export async function revisionReviewLoader({
  request,
  params,
}: {
  request: Request;
  params: { clientId?: string; quizScheduleId?: string };
}): Promise<LoaderData> {
  const clientId = params.clientId ?? '';
  const scheduleId = params.quizScheduleId ?? '';
  const revisionId = new URL(request.url).searchParams.get('revisionId');
  try {
    await loadOrSignIn(request, async () => {
      void appQueryClient.query(revisionSeriesOptions(clientId)).catch(noop);
      if (revisionId) await appQueryClient.query({ ...revisionOptions(revisionId), staleTime: 'static' });
      else await appQueryClient.query({ ...latestOfScheduleOptions(clientId, scheduleId), staleTime: 'static' });
    });
    return { notFound: null };
  } catch (raw) {
    if (raw instanceof Response) throw raw;
    const error = asApiError(raw);
    if (REVISION_NOT_FOUND_CODES.includes(error.code) || error.status === 404) return { notFound: error.code };
    throw raw;
  }
}

/** `/clients/profile/:clientId/quiz/:quizScheduleId`: one answered questionnaire, to read, compare, annotate and approve. */
export function RevisionReviewPage() {
  const { clientId = '', quizScheduleId = '' } = useParams();
  const [params] = useSearchParams();
  const revisionId = params.get('revisionId');
  const loaded = useLoaderData() as LoaderData | undefined;
  if (loaded?.notFound) return <RevisionNotFound code={loaded.notFound} clientId={clientId} />;
  return (
    <Review
      key={revisionId ?? quizScheduleId}
      clientId={clientId}
      scheduleId={quizScheduleId}
      revisionId={revisionId}
    />
  );
}

function RevisionNotFound({ code, clientId }: { code: string; clientId: string }) {
  const notAnswered = code === 'SCHEDULE_NOT_ANSWERED';
  return (
    <Page title={notAnswered ? 'Ainda sem resposta' : 'Resposta não encontrada'}>
      <EmptyState
        title={notAnswered ? 'Este questionário ainda não foi respondido' : 'Não encontramos esta resposta'}
        description={
          notAnswered
            ? 'Quando o cliente terminar de responder, as respostas aparecem aqui.'
            : 'O endereço pode estar errado, ou a resposta é de um cliente excluído.'
        }
        action={
          <LinkButton
            variant="primary"
            href={notAnswered && clientId ? `/clients/profile/${clientId}` : '/answers/received'}
          >
            {notAnswered ? 'Voltar para o cliente' : 'Ver respostas recebidas'}
          </LinkButton>
        }
        headingLevel={2}
      />
    </Page>
  );
}

function useRevision(clientId: string, scheduleId: string, revisionId: string | null) {
  const byId = useQuery({ ...revisionOptions(revisionId ?? ''), enabled: !!revisionId });
  const latest = useQuery({ ...latestOfScheduleOptions(clientId, scheduleId), enabled: !revisionId });
  return revisionId
    ? { revision: byId.data, count: null }
    : { revision: latest.data?.items[0], count: latest.data?.total ?? null };
}

function Review({
  clientId,
  scheduleId,
  revisionId,
}: {
  clientId: string;
  scheduleId: string;
  revisionId: string | null;
}) {
  const { revision, count } = useRevision(clientId, scheduleId, revisionId);
  if (!revision) return <Spinner label="Carregando resposta" />;
  const here = `/clients/profile/${clientId}/quiz/${scheduleId}`;
  const answersCount = revision.answers.reduce((n, a) => n + 1 + a.subAnswers.length, 0);
  const changedCount = revision.answers.reduce(
    (n, a) => n + (a.changed ? 1 : 0) + a.subAnswers.filter((s) => s.changed).length,
    0,
  );

  return (
    <Stack gap={3}>
      <Breadcrumbs>
        <Breadcrumb href="/clients">Clientes</Breadcrumb>
        <Breadcrumb href={`/clients/profile/${revision.patientId}`}>{revision.patientName}</Breadcrumb>
        <Breadcrumb>{revision.quizTitle}</Breadcrumb>
      </Breadcrumbs>
      <Page
        title={revision.quizTitle}
        width="lg"
        description={`Respondido por ${revision.patientName} em ${formatDateTimeBR(revision.finishedAt)}.`}
        actions={
          <>
            <LinkButton href={`/print?revisionId=${revision.id}`} variant="secondary">
              Imprimir
            </LinkButton>
            <StatusAction revision={revision} />
            <NextPending revision={revision} />
          </>
        }
      >
        <Card>
          <Stack direction="row" gap={3} align="center" justify="space-between" wrap>
            <Stack direction="row" gap={2} align="center" wrap>
              <Badge tone={REVISION_STATUS[revision.status].tone}>{REVISION_STATUS[revision.status].label}</Badge>
              <Text as="span" variant="small" role="status">
                {revision.status === 'completed' && revision.approvedAt
                  ? `Aprovada em ${formatDateTimeBR(revision.approvedAt)}.`
                  : 'Aguardando a sua revisão.'}
              </Text>
            </Stack>
            <Text as="span" variant="small">
              {`${plural(answersCount, 'pergunta respondida', 'perguntas respondidas')} · ${
                // The first answer has nothing earlier to compare with.
                !revision.previousRevisionId
                  ? 'primeira resposta deste questionário'
                  : `${changedCount === 0 ? 'nenhuma alterada' : plural(changedCount, 'alterada', 'alteradas')} desde a resposta anterior`
              }`}
            </Text>
          </Stack>
          <RevisionNavigation revision={revision} here={here} count={count} />
        </Card>

        <section
          aria-labelledby="answers-title"
          css={{ display: 'flex', flexDirection: 'column', gap: 'var(--space-3)' }}
        >
          <Heading level={2} size={4} id="answers-title">
            Respostas
          </Heading>
          {revision.quizDescription ? <Text variant="muted">{revision.quizDescription}</Text> : null}
          {revision.answers.map((a) => (
            <AnswerItem key={a.questionId} answer={a} />
          ))}
        </section>

        <Card
          title="Evolução"
          description={`Medidas e escalas de ${revision.patientName} ao longo do tempo; o ponto maior é esta resposta.`}
        >
          <RevisionSeries revision={revision} />
        </Card>

        <Card title="Anotações">
          <RevisionNotes revisionId={revision.id} notes={revision.notes} />
        </Card>
      </Page>
    </Stack>
  );
}

/** Older and newer answers of the same client to the same questionnaire. */
function RevisionNavigation({
  revision,
  here,
  count,
}: {
  revision: AnswerRevisionDetail;
  here: string;
  count: number | null;
}) {
  if (!revision.previousRevisionId && !revision.nextRevisionId) return null;
  return (
    <nav
      aria-label="Outras respostas deste questionário"
      css={{ display: 'flex', gap: 'var(--space-2)', flexWrap: 'wrap', alignItems: 'center' }}
    >
      {revision.previousRevisionId ? (
        <LinkButton size="sm" variant="ghost" href={`${here}?revisionId=${revision.previousRevisionId}`}>
          ← Resposta anterior
        </LinkButton>
      ) : null}
      {revision.nextRevisionId ? (
        <LinkButton size="sm" variant="ghost" href={`${here}?revisionId=${revision.nextRevisionId}`}>
          Próxima resposta →
        </LinkButton>
      ) : null}
      {count && count > 1 ? (
        <Text as="span" variant="small">
          {`Esta é a mais recente de ${plural(count, 'resposta', 'respostas')} deste agendamento.`}
        </Text>
      ) : null}
    </nav>
  );
}

/**
 * Once this answer is approved, the next one waiting for review (the newest, as in "Respostas
 * recebidas"), one click away: reviewing a week of answers needs no trip back to the list.
 */
function NextPending({ revision }: { revision: AnswerRevisionDetail }) {
  const next = useQuery({
    ...listPendingAnswerRevisionsOptions({ query: { take: 2, skip: 0 } }),
    enabled: revision.status === 'completed',
  });
  if (revision.status !== 'completed' || !next.data) return null;
  const other = next.data.items.find((r) => r.id !== revision.id);
  if (!other) {
    return (
      <Text as="span" variant="small">
        Nenhuma outra resposta aguardando revisão.
      </Text>
    );
  }
  return (
    <LinkButton
      variant="primary"
      href={`/clients/profile/${other.patientId}/quiz/${other.quizScheduleId}?revisionId=${other.id}`}
      aria-label={`Próxima pendente: ${other.quizTitle} de ${other.patientName}`}
    >
      Próxima pendente →
    </LinkButton>
  );
}

/** "Aprovar" while pending; "Voltar para pendente" once approved. Both are idempotent on the API. */
function StatusAction({ revision }: { revision: AnswerRevisionDetail }) {
  const queryClient = useQueryClient();
  const onSuccess = async (updated: AnswerRevision) => {
    // The detail shows the new state at once; every list and count is then refetched.
    queryClient.setQueryData(
      getAnswerRevisionQueryKey({ path: { id: updated.id } }),
      (old: AnswerRevisionDetail | undefined) => (old ? { ...old, ...updated } : old),
    );
    // No toast: it would cover the button that just changed. The state line above says it (aria-live).
    await refreshAfter(queryClient, 'revisionChanged');
  };
  const approve = useMutation({ ...approveAnswerRevisionMutation(), onSuccess });
  const pending = useMutation({ ...setAnswerRevisionPendingMutation(), onSuccess });

  return revision.status === 'pending' ? (
    <Button isPending={approve.isPending} onPress={() => approve.mutate({ path: { id: revision.id } })}>
      Aprovar
    </Button>
  ) : (
    <Button
      variant="secondary"
      isPending={pending.isPending}
      onPress={() => pending.mutate({ path: { id: revision.id } })}
    >
      Voltar para pendente
    </Button>
  );
}
