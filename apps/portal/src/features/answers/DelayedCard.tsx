/** The report's late requests: sent 48 hours ago or more and unanswered, each resent with one press. */
import { useState } from 'react';
import { useActivation } from '../../lib/activation';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { republishAnswerRequestsMutation } from '@acompanha/api-client';
import {
  Button,
  Card,
  Cell,
  Column,
  EmptyState,
  Link,
  Pagination,
  Row,
  Table,
  TableBody,
  TableHeader,
  Text,
  toastQueue,
} from '@acompanha/ui';
import { formatDateTimeBR } from '../../lib/format';
import { CHANNEL_LABELS } from '../../lib/labels';
import { refreshAfter } from '../../lib/refresh';
import { DELAYED_PAGE, delayedOptions, type ReportFilters } from './reportFilters';

/** Whole days since an instant ("hoje", "1 dia", "3 dias"). */
function daysSince(iso: string): string {
  const days = Math.max(0, Math.floor((Date.now() - Date.parse(iso)) / 86_400_000));
  return days === 0 ? 'hoje' : days === 1 ? '1 dia' : `${days} dias`;
}

/** Requests sent 48 hours ago or more and not answered, each resent with one press (with a new PIN). */
export function DelayedCard({ filters }: { filters: ReportFilters }) {
  const { blocked } = useActivation();
  const queryClient = useQueryClient();
  const [skip, setSkip] = useState(0);
  const [resending, setResending] = useState<string | null>(null);
  const key = `${filters.quizId}|${filters.patientId}`;
  const [lastKey, setLastKey] = useState(key);
  if (key !== lastKey) {
    setLastKey(key);
    setSkip(0);
  }
  const delayed = useQuery({ ...delayedOptions(filters, skip), placeholderData: keepPreviousData });
  const items = delayed.data?.items ?? [];
  const total = delayed.data?.total ?? 0;
  const resend = useMutation({
    ...republishAnswerRequestsMutation(),
    onMutate: (vars) => setResending(vars.body.schedules[0]?.scheduleId ?? null),
    onSettled: () => setResending(null),
    onSuccess: async (res, vars) => {
      await refreshAfter(queryClient, 'lateRequestsResent');
      const name = items.find((r) => r.id === vars.body.schedules[0]?.scheduleId)?.patientName ?? 'O cliente';
      if (res.resent > 0)
        toastQueue.add(
          { tone: 'success', title: `Questionário reenviado para ${name} com um novo PIN.` },
          { timeout: 5000 },
        );
      else if (res.details[0])
        toastQueue.add({ tone: 'error', title: `${name}: ${res.details[0].message}` }, { timeout: 6000 });
    },
  });

  return (
    <Card
      title="Respostas atrasadas"
      description="Questionários enviados há 48 horas ou mais e ainda sem resposta. Reenvie com um clique: o cliente recebe o link de novo, com um novo PIN."
    >
      <Table aria-label="Respostas atrasadas" reflow>
        <TableHeader>
          <Column id="patient" isRowHeader>
            Cliente
          </Column>
          <Column id="quiz">Questionário</Column>
          <Column id="sent">Enviado em</Column>
          <Column id="late" align="end">
            Sem resposta há
          </Column>
          <Column id="progress">Andamento</Column>
          <Column id="attempts" align="end">
            Envios
          </Column>
          <Column id="actions" align="end">
            Ações
          </Column>
        </TableHeader>
        <TableBody
          items={items}
          // The row being resent shows its spinner: re-render the rows when that changes.
          dependencies={[resending, resend.isPending]}
          isLoading={delayed.isPending}
          loadingLabel="Carregando respostas atrasadas…"
          emptyState={
            <EmptyState
              title="Nenhuma resposta atrasada"
              description="Todos os questionários enviados há mais de 48 horas foram respondidos."
              headingLevel={3}
            />
          }
        >
          {(r) => (
            <Row id={r.id} textValue={`${r.patientName} — ${r.quizTitle}`}>
              <Cell>
                <Link href={`/clients/profile/${r.patientId}`}>{r.patientName}</Link>
              </Cell>
              <Cell cardLabel="Questionário">{r.quizTitle}</Cell>
              <Cell cardLabel="Enviado em">
                {formatDateTimeBR(r.sentAt)}
                <Text as="span" variant="small">{` · ${CHANNEL_LABELS[r.channel]}`}</Text>
              </Cell>
              <Cell align="end" cardLabel="Sem resposta há">
                {daysSince(r.sentAt)}
              </Cell>
              <Cell cardLabel="Andamento">{r.started ? 'Começou a responder' : 'Não começou'}</Cell>
              <Cell align="end" cardLabel="Envios">
                {r.attempts.toLocaleString('pt-BR')}
              </Cell>
              <Cell align="end" actions>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Reenviar para ${r.patientName}`}
                  isPending={resending === r.id}
                  isDisabled={resend.isPending && resending !== r.id}
                  onPress={() =>
                    !blocked('Reenviar questionário') && resend.mutate({ body: { schedules: [{ scheduleId: r.id }] } })
                  }
                >
                  Reenviar
                </Button>
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
      {total > DELAYED_PAGE ? (
        <Pagination
          take={DELAYED_PAGE}
          skip={skip}
          total={total}
          onChange={setSkip}
          isDisabled={delayed.isFetching}
          aria-label="Páginas de respostas atrasadas"
        />
      ) : null}
    </Card>
  );
}
