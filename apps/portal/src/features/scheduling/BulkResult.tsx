/** The bulk dialog's progress and result views, and the table of the patients a process could not handle. */
import { useState } from 'react';
import { asApiError } from '@acompanha/api-client';
import { type BulkStatus, type BulkStatusDetail, progressPercent, succeededCount } from '@acompanha/machines';
import {
  Cell,
  Column,
  InlineAlert,
  Pagination,
  ProgressBar,
  Row,
  Stack,
  Table,
  TableBody,
  TableHeader,
  Text,
  toastQueue,
} from '@acompanha/ui';
import { clientsCount } from './labels';

export function Progress({ status, joined }: { status: BulkStatus | null; joined: boolean }) {
  const percent = progressPercent(status);
  const label =
    status && status.total > 0
      ? `${status.processed.toLocaleString('pt-BR')} de ${clientsCount(status.total)}`
      : 'Aguardando o início…';
  return (
    <Stack gap={4}>
      {joined ? (
        <InlineAlert tone="info">
          Já havia um agendamento em massa em andamento para este questionário. Acompanhe o andamento dele abaixo.
        </InlineAlert>
      ) : null}
      <ProgressBar
        label="Agendando em segundo plano"
        value={percent}
        valueLabel={label}
        isIndeterminate={!status || status.total === 0}
      />
      <Text variant="muted">
        Você pode fechar esta janela: o agendamento continua, e o resultado aparece aqui quando você voltar.
      </Text>
    </Stack>
  );
}

/** What a finished process did to its patients, by kind: "agendado(s)", "excluído(s)"… */
export const BULK_VERBS: Record<NonNullable<BulkStatus['kind']>, [string, string]> = {
  insert: ['agendado', 'agendados'],
  reschedule: ['reagendado', 'reagendados'],
  delete: ['excluído', 'excluídos'],
  'active-state': ['atualizado', 'atualizados'],
};

/** "2 clientes agendados" for a finished process. */
export function bulkResultTitle(status: BulkStatus): string {
  const ok = succeededCount(status);
  const [one, many] = BULK_VERBS[status.kind ?? 'insert'];
  return `${clientsCount(ok)} ${ok === 1 ? one : many}`;
}

export function Result(p: { status: BulkStatus; isFailed: boolean; isEarlier: boolean; error: unknown }) {
  const failedCount = p.status.details.length;
  const ackError = p.error ? asApiError(p.error) : null;
  return (
    <Stack gap={4}>
      {p.isEarlier ? (
        <Text variant="muted">
          Resultado da última operação em massa deste questionário. Confira e clique em “Entendi” para continuar.
        </Text>
      ) : null}
      {p.isFailed ? (
        <InlineAlert tone="danger" title="A operação em massa não terminou">
          {`Foram processados ${p.status.processed.toLocaleString('pt-BR')} de ${clientsCount(p.status.total)} antes da falha. Confira a lista e tente de novo para os que faltaram.`}
        </InlineAlert>
      ) : (
        <InlineAlert tone={failedCount ? 'warning' : 'success'} title={bulkResultTitle(p.status)}>
          {failedCount
            ? `${clientsCount(failedCount)} ${failedCount === 1 ? 'ficou' : 'ficaram'} de fora. Veja o motivo abaixo.`
            : 'Todos os clientes selecionados foram processados.'}
        </InlineAlert>
      )}
      {failedCount ? <BulkDetailsTable details={p.status.details} /> : null}
      {ackError ? (
        <InlineAlert tone="danger" role="alert">
          {ackError.userMessage}
        </InlineAlert>
      ) : null}
    </Stack>
  );
}

const DETAILS_PAGE = 5;

/** The patients a process could not handle, five at a time (the dialog keeps its actions in view). */
export function BulkDetailsTable({ details }: { details: BulkStatusDetail[] }) {
  const [skip, setSkip] = useState(0);
  const page = details.slice(skip, skip + DETAILS_PAGE);
  return (
    <Stack gap={2}>
      <Table aria-label="Clientes não agendados">
        <TableHeader>
          <Column id="name" isRowHeader>
            Cliente
          </Column>
          <Column id="reason">Motivo</Column>
        </TableHeader>
        <TableBody items={page.map((d) => ({ ...d, id: d.patientId }))}>
          {(d) => (
            <Row id={d.id} textValue={d.patientName}>
              <Cell>{d.patientName}</Cell>
              <Cell>{d.message}</Cell>
            </Row>
          )}
        </TableBody>
      </Table>
      {details.length > DETAILS_PAGE ? (
        <Pagination
          take={DETAILS_PAGE}
          skip={skip}
          total={details.length}
          onChange={setSkip}
          aria-label="Páginas dos clientes não agendados"
        />
      ) : null}
    </Stack>
  );
}

/** Said when the dialog is closed on a running process (it finishes in the background). */
export function notifyBulkContinues() {
  toastQueue.add({ tone: 'info', title: 'O agendamento em massa continua em segundo plano.' }, { timeout: 5000 });
}
