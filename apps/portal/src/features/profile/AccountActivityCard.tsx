import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getAccountActivityOptions, type AccountActivityEntry } from '@acompanha/api-client';
import { Badge, Card, Cell, Column, EmptyState, Pagination, Row, Table, TableBody, TableHeader } from '@acompanha/ui';
import { formatDateTimeBR } from '../../lib/format';

const PAGE = 10;

export const ACTIVITY_LABELS: Record<AccountActivityEntry['kind'], string> = {
  sign_in: 'Entrada na conta',
  sign_in_new_address: 'Entrada de uma rede nova',
  password_changed: 'Senha alterada',
  password_reset: 'Senha redefinida pelo e-mail',
  export_requested: 'Exportação de dados pedida',
  webhook_created: 'Webhook criado',
  webhook_secret_rotated: 'Segredo de webhook trocado',
  webhook_deleted: 'Webhook excluído',
};

/** 'Atividade da conta': sign-ins, new networks, password changes, exports and webhooks, newest first. */
export function AccountActivityCard() {
  const [skip, setSkip] = useState(0);
  const activity = useQuery({
    ...getAccountActivityOptions({ query: { take: PAGE, skip } }),
    placeholderData: keepPreviousData,
  });
  const items = activity.data?.items ?? [];
  const total = activity.data?.total ?? 0;
  return (
    <Card
      title="Atividade da conta"
      description="Entradas, trocas de senha, exportações e webhooks. Se algo aqui não foi você, troque a senha agora: isso encerra as outras sessões."
    >
      <Table aria-label="Atividade da conta" reflow>
        <TableHeader>
          <Column id="at" isRowHeader>
            Quando
          </Column>
          <Column id="kind">O que aconteceu</Column>
          <Column id="address">Rede de origem</Column>
        </TableHeader>
        <TableBody
          items={items}
          isLoading={activity.isPending}
          loadingLabel="Carregando atividade…"
          emptyState={<EmptyState title="Nenhuma atividade registrada ainda" headingLevel={3} />}
        >
          {(entry) => (
            <Row id={entry.id} textValue={`${formatDateTimeBR(entry.at)} — ${ACTIVITY_LABELS[entry.kind]}`}>
              <Cell>{formatDateTimeBR(entry.at)}</Cell>
              <Cell cardLabel="O que aconteceu">
                {entry.kind === 'sign_in_new_address' ? (
                  <Badge tone="warning">{ACTIVITY_LABELS[entry.kind]}</Badge>
                ) : (
                  ACTIVITY_LABELS[entry.kind]
                )}
              </Cell>
              <Cell cardLabel="Rede de origem">{entry.address ?? 'Desconhecida'}</Cell>
            </Row>
          )}
        </TableBody>
      </Table>
      {total > PAGE ? (
        <Pagination
          take={PAGE}
          skip={skip}
          total={total}
          onChange={setSkip}
          isDisabled={activity.isFetching}
          aria-label="Páginas da atividade da conta"
        />
      ) : null}
    </Card>
  );
}
