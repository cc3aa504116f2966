import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getPatientAccessLogOptions, type AccessLogEntry, type Patient } from '@acompanha/api-client';
import {
  Badge,
  Cell,
  Column,
  EmptyState,
  Pagination,
  Row,
  Stack,
  Table,
  TableBody,
  TableHeader,
  Text,
} from '@acompanha/ui';
import { formatDateTimeBR } from '../../lib/format';

const PAGE = 20;

/** What each kind of read opened, as the professional calls it. */
export const ACCESS_KIND_LABELS: Record<AccessLogEntry['kind'], string> = {
  answer: 'Respostas de um questionário',
  review: 'Uma resposta (revisão)',
  report: 'Relatório de envios',
  series: 'Evolução (gráficos)',
  answers_export: 'Planilha de respostas',
  patient_export: 'Exportação dos dados',
  file: 'Arquivo',
  access_log: 'Este registro de acessos',
};

const OUTCOMES: Record<AccessLogEntry['outcome'], { label: string; tone: 'success' | 'danger' | 'warning' }> = {
  ok: { label: 'Aberto', tone: 'success' },
  refused: { label: 'Recusado', tone: 'danger' },
  failed: { label: 'Falhou', tone: 'warning' },
};

/**
 * 'Acessos': every time her health data was opened through your account — answers, reviews, charts, exports,
 * files — newest first, with the network it came from (LGPD art. 37). Nobody can edit or delete it.
 */
export function AccessPanel({ patient }: { patient: Pick<Patient, 'id' | 'name'> }) {
  const [skip, setSkip] = useState(0);
  const log = useQuery({
    ...getPatientAccessLogOptions({ path: { id: patient.id }, query: { take: PAGE, skip } }),
    placeholderData: keepPreviousData,
  });
  const items = log.data?.items ?? [];
  const total = log.data?.total ?? 0;
  return (
    <Stack gap={4}>
      <Text variant="muted">
        Cada vez que os dados de saúde deste cliente foram abertos pela sua conta: respostas, gráficos, exportações e
        arquivos. O registro é guardado por 20 anos e não pode ser alterado nem apagado.
      </Text>
      <Table aria-label={`Acessos aos dados de ${patient.name}`} reflow>
        <TableHeader>
          <Column id="at" isRowHeader>
            Quando
          </Column>
          <Column id="kind">O que foi aberto</Column>
          <Column id="outcome">Resultado</Column>
          <Column id="address">Rede de origem</Column>
        </TableHeader>
        <TableBody
          items={items}
          isLoading={log.isPending}
          loadingLabel="Carregando acessos…"
          emptyState={
            <EmptyState
              title="Nenhum acesso registrado"
              description="Quando as respostas ou os arquivos deste cliente forem abertos, o acesso aparece aqui."
              headingLevel={2}
            />
          }
        >
          {(entry) => (
            <Row id={entry.id} textValue={`${formatDateTimeBR(entry.at)} — ${ACCESS_KIND_LABELS[entry.kind]}`}>
              <Cell>{formatDateTimeBR(entry.at)}</Cell>
              <Cell cardLabel="O que foi aberto">{ACCESS_KIND_LABELS[entry.kind]}</Cell>
              <Cell cardLabel="Resultado">
                <Badge tone={OUTCOMES[entry.outcome].tone}>{OUTCOMES[entry.outcome].label}</Badge>
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
          isDisabled={log.isFetching}
          aria-label="Páginas de acessos"
        />
      ) : null}
    </Stack>
  );
}
