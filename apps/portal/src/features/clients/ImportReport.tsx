/** The import's report: created, updated, skipped, and the rows refused with what to fix. */
import type { PatientImportResult } from '@acompanha/api-client';
import {
  Badge,
  Button,
  Card,
  Cell,
  Column,
  InlineAlert,
  Row,
  Stack,
  Table,
  TableBody,
  TableHeader,
  Text,
} from '@acompanha/ui';
import { number } from './importFile';
import { describeImportError, fieldLabel } from './importErrors';

interface ImportReportProps {
  result: PatientImportResult;
  onDownloadRejected: () => void;
  onViewClients: () => void;
  onImportAnother: () => void;
}

export function ImportReport({ result, onDownloadRejected, onViewClients, onImportAnother }: ImportReportProps) {
  const rejectedRows = new Set(result.errors.map((e) => e.row)).size;
  const counts: [string, number][] = [
    ['Novos', result.imported],
    ['Atualizados', result.updated],
    ['Sem mudança', result.skipped],
    ['Com erro', rejectedRows],
    ['Linhas lidas', result.total],
  ];
  return (
    <>
      <InlineAlert tone={rejectedRows ? 'warning' : 'success'} title="Importação concluída" role="status">
        {rejectedRows
          ? `${number.format(result.imported + result.updated)} de ${number.format(result.total)} clientes importados ou atualizados. ${rejectedRows === 1 ? '1 linha precisa' : `${rejectedRows} linhas precisam`} de correção.`
          : `Todos os ${number.format(result.total)} clientes foram importados ou atualizados.`}
      </InlineAlert>
      <Card title="Resultado">
        <dl
          css={{
            display: 'grid',
            gap: 'var(--space-3)',
            gridTemplateColumns: 'repeat(auto-fit, minmax(120px, 1fr))',
            margin: 0,
          }}
        >
          {counts.map(([label, value]) => (
            <div key={label} css={{ display: 'flex', flexDirection: 'column-reverse', gap: 'var(--space-1)' }}>
              <dt>
                <Text variant="small" as="span">
                  {label}
                </Text>
              </dt>
              <dd css={{ margin: 0, fontSize: 'var(--font-size-2xl)', fontWeight: 'var(--font-weight-bold)' }}>
                {number.format(value)}
              </dd>
            </div>
          ))}
        </dl>
      </Card>
      {result.errors.length ? (
        <Card
          title="Linhas com erro"
          description="Corrija estas linhas na planilha e importe de novo: os clientes já importados são reconhecidos e não duplicam."
          footer={
            <Button variant="secondary" onPress={onDownloadRejected}>
              Baixar linhas com erro (CSV)
            </Button>
          }
        >
          <Table aria-label="Linhas com erro">
            <TableHeader>
              <Column id="row" isRowHeader>
                Linha
              </Column>
              <Column id="field">Campo</Column>
              <Column id="problem">Problema</Column>
            </TableHeader>
            <TableBody>
              {result.errors.map((e, i) => (
                <Row key={i} id={i}>
                  <Cell>{e.row}</Cell>
                  <Cell>{e.field ? fieldLabel(e.field) : <Badge tone="neutral">Linha inteira</Badge>}</Cell>
                  <Cell>{describeImportError(e)}</Cell>
                </Row>
              ))}
            </TableBody>
          </Table>
        </Card>
      ) : null}
      <Stack direction="row" gap={2} justify="end" wrap>
        <Button variant="secondary" onPress={onImportAnother}>
          Importar outra planilha
        </Button>
        <Button onPress={onViewClients}>Ver clientes</Button>
      </Stack>
    </>
  );
}
