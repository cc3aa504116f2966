import { useState } from 'react';
import { useActivation } from '../../lib/activation';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Selection } from 'react-aria-components';
import {
  listSchedulesWithoutConfirmationOptions,
  republishAnswerRequestsMutation,
  type RepublishResult,
} from '@acompanha/api-client';
import {
  Button,
  Card,
  Cell,
  Column,
  EmptyState,
  InlineAlert,
  Link,
  Modal,
  Page,
  Pagination,
  Row,
  Stack,
  Table,
  TableBody,
  TableHeader,
  Text,
  toastQueue,
} from '@acompanha/ui';
import { loadOrSignIn } from '../../app/loaders';
import { queryClient as appQueryClient } from '../../app/queryClient';
import { formatDateTimeBR } from '../../lib/format';
import { QuizFilter } from '../answers/filters';
import { CHANNEL_LABELS } from '../../lib/labels';
import { refreshAfter } from '../../lib/refresh';

const PAGE_SIZE = 20;
/** The API takes at most this many requests per re-publish. */
const MAX_RESEND = 1000;

const listOptions = (quizId: string, skip: number) =>
  listSchedulesWithoutConfirmationOptions({
    query: { take: PAGE_SIZE, skip, ...(quizId !== 'all' ? { quizId } : {}) },
  });

/** Route loader of `/resendReceived`: the first page comes with the screen. */
export async function resendReceivedLoader({ request }: { request: Request }) {
  await loadOrSignIn(request, () => appQueryClient.query({ ...listOptions('all', 0), staleTime: 'static' }));
  return null;
}

/** Whole days since an instant (0 today). */
function daysSince(iso: string): number {
  return Math.max(0, Math.floor((Date.now() - Date.parse(iso)) / 86_400_000));
}

/**
 * `/resendReceived` ("Reenviar pendentes"): questionnaires sent and not answered yet, oldest first,
 * to resend one by one or in bulk — each resend goes out with a new PIN.
 */
export function ResendReceivedPage() {
  const { blocked } = useActivation();
  const queryClient = useQueryClient();
  const [quizId, setQuizId] = useState('all');
  const [skip, setSkip] = useState(0);
  const [selected, setSelected] = useState<Selection>(new Set());
  const [toResend, setToResend] = useState<string[] | null>(null);
  const [result, setResult] = useState<RepublishResult | null>(null);
  const requests = useQuery({ ...listOptions(quizId, skip), placeholderData: keepPreviousData });

  const items = requests.data?.items ?? [];
  const total = requests.data?.total ?? 0;
  const chosenIds =
    selected === 'all' ? items.map((r) => r.id) : items.filter((r) => selected.has(r.id)).map((r) => r.id);

  const resend = useMutation({
    ...republishAnswerRequestsMutation(),
    onSuccess: async (res) => {
      await refreshAfter(queryClient, 'scheduleChanged');
      setSelected(new Set());
      setToResend(null);
      setResult(res.details.length ? res : null);
      if (res.resent > 0)
        toastQueue.add({
          tone: 'success',
          title:
            res.resent === 1
              ? '1 questionário reenviado com um novo PIN.'
              : `${res.resent} questionários reenviados com um novo PIN.`,
        });
    },
  });
  const names = new Map(items.map((r) => [r.id, r.patientName]));

  return (
    <Page
      title="Reenviar pendentes"
      width="lg"
      description="Questionários enviados que ainda não foram respondidos. Reenvie para lembrar o cliente: cada reenvio leva um novo PIN."
    >
      <Stack direction="row" gap={3} wrap align="end">
        <QuizFilter
          quizId={quizId === 'all' ? null : quizId}
          onChange={(id) => {
            setQuizId(id ?? 'all');
            setSkip(0);
            setSelected(new Set());
          }}
        />
      </Stack>

      {result ? (
        <InlineAlert
          tone="warning"
          title={`${result.details.length} ${result.details.length === 1 ? 'solicitação não foi reenviada' : 'solicitações não foram reenviadas'}`}
        >
          <ul css={{ margin: 0, paddingLeft: 'var(--space-4)' }}>
            {result.details.map((d) => (
              <li key={d.scheduleId}>{`${names.get(d.scheduleId) ?? 'Solicitação'}: ${d.message}`}</li>
            ))}
          </ul>
        </InlineAlert>
      ) : null}

      {chosenIds.length > 0 ? (
        <Card role="region" aria-label="Solicitações selecionadas">
          <Stack direction="row" gap={3} align="center" justify="space-between" wrap>
            <Text aria-live="polite">
              {chosenIds.length === 1 ? '1 solicitação selecionada' : `${chosenIds.length} solicitações selecionadas`}
            </Text>
            <Stack direction="row" gap={2} wrap>
              <Button variant="ghost" onPress={() => setSelected(new Set())}>
                Limpar seleção
              </Button>
              <Button onPress={() => !blocked('Reenviar questionários') && setToResend(chosenIds.slice(0, MAX_RESEND))}>
                Reenviar selecionados
              </Button>
            </Stack>
          </Stack>
        </Card>
      ) : null}

      <Table
        reflow
        aria-label="Questionários enviados sem resposta"
        selectionMode="multiple"
        selectedKeys={selected}
        onSelectionChange={setSelected}
      >
        <TableHeader selectionLabel="Selecionar solicitações">
          <Column id="patient" isRowHeader>
            Cliente
          </Column>
          <Column id="quiz">Questionário</Column>
          <Column id="sent">Enviado em</Column>
          <Column id="waiting" align="end">
            Aguardando há
          </Column>
          <Column id="channel">Canal</Column>
          <Column id="attempts" align="end">
            Envios
          </Column>
          <Column id="actions" align="end">
            Ações
          </Column>
        </TableHeader>
        <TableBody
          items={items}
          isLoading={requests.isPending}
          loadingLabel="Carregando solicitações…"
          emptyState={
            <EmptyState
              title="Nenhum questionário aguardando resposta"
              description="Quando um cliente recebe um questionário e ainda não respondeu, ele aparece aqui."
              headingLevel={2}
            />
          }
        >
          {(r) => {
            const days = daysSince(r.sentAt);
            return (
              <Row id={r.id} textValue={`${r.patientName} — ${r.quizTitle}`}>
                <Cell>
                  <Link href={`/clients/profile/${r.patientId}`}>{r.patientName}</Link>
                </Cell>
                <Cell cardLabel="Questionário">{r.quizTitle}</Cell>
                <Cell cardLabel="Enviado em">{formatDateTimeBR(r.sentAt)}</Cell>
                <Cell align="end" cardLabel="Aguardando há">
                  {days === 0 ? 'hoje' : days === 1 ? '1 dia' : `${days} dias`}
                </Cell>
                <Cell cardLabel="Canal">{CHANNEL_LABELS[r.channel]}</Cell>
                <Cell align="end" cardLabel="Envios">
                  {r.attempts}
                </Cell>
                <Cell align="end" actions>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`Reenviar para ${r.patientName}`}
                    onPress={() => !blocked('Reenviar questionário') && setToResend([r.id])}
                  >
                    Reenviar
                  </Button>
                </Cell>
              </Row>
            );
          }}
        </TableBody>
      </Table>
      {total > PAGE_SIZE ? (
        <Pagination
          take={PAGE_SIZE}
          skip={skip}
          total={total}
          onChange={(next) => {
            setSkip(next);
            setSelected(new Set());
          }}
          isDisabled={requests.isFetching}
        />
      ) : null}

      <Modal
        isOpen={!!toResend}
        onOpenChange={(o) => !o && setToResend(null)}
        title={toResend?.length === 1 ? 'Reenviar questionário?' : `Reenviar ${toResend?.length ?? 0} questionários?`}
        role="alertdialog"
        footer={
          <>
            <Button variant="secondary" onPress={() => setToResend(null)}>
              Voltar
            </Button>
            <Button
              isPending={resend.isPending}
              onPress={() =>
                toResend && resend.mutate({ body: { schedules: toResend.map((scheduleId) => ({ scheduleId })) } })
              }
            >
              Reenviar
            </Button>
          </>
        }
      >
        <Text>
          {toResend?.length === 1
            ? `${names.get(toResend[0]!) ?? 'O cliente'} recebe de novo o link, com um novo PIN. O PIN anterior deixa de valer.`
            : 'Cada cliente recebe de novo o link, com um novo PIN, pelo mesmo canal. Os PINs anteriores deixam de valer.'}
        </Text>
      </Modal>
    </Page>
  );
}
