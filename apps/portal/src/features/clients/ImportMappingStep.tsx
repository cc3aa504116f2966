/** The import's second step: each of our fields mapped to a column of the file, with a preview of the first rows. */
import { type ApiError, messageForCode } from '@acompanha/api-client';
import {
  Button,
  Card,
  Cell,
  Column,
  InlineAlert,
  ProgressBar,
  Row,
  Select,
  SelectItem,
  Stack,
  Table,
  TableBody,
  TableHeader,
  Text,
} from '@acompanha/ui';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  type ImportMapping,
  isBlankRow,
  NONE,
  number,
  PREVIEW_ROWS,
  type ReadFile,
} from './importFile';

interface MappingStepProps {
  read: ReadFile;
  mapping: ImportMapping;
  onMappingChange: (mapping: ImportMapping) => void;
  error: ApiError | null;
  /** Upload progress in percent while sending, else `null`. */
  upload: number | null;
  onImport: () => void;
  onChangeFile: () => void;
}

export function MappingStep({
  read,
  mapping,
  onMappingChange,
  error,
  upload,
  onImport,
  onChangeFile,
}: MappingStepProps) {
  const isSending = upload !== null;
  const header = read.records?.[0] ?? [];
  const headers = [...new Set(header.filter((h) => h !== ''))];
  // Spreadsheet row numbers (header = 1), as the report will name them.
  const dataRows = (read.records ?? [])
    .map((cells, i) => ({ line: i + 1, cells }))
    .slice(1)
    .filter((r) => !isBlankRow(r.cells));
  const mapped = IMPORT_FIELDS.filter((f) => mapping[f]);
  const missingName = read.records !== null && !mapping.name;

  return (
    <>
      <Card
        title="2. Confira as colunas"
        description={
          read.records
            ? `${read.file.name} · ${number.format(dataRows.length)} ${dataRows.length === 1 ? 'linha' : 'linhas'} de clientes. Diga qual coluna da planilha corresponde a cada informação.`
            : `${read.file.name} · planilhas XLSX são lidas no envio: as colunas são reconhecidas pelos nomes do modelo (Nome, Telefone, CPF…).`
        }
      >
        {read.records ? (
          <div
            css={{
              display: 'grid',
              gap: 'var(--space-3)',
              gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
            }}
          >
            {IMPORT_FIELDS.map((field) => (
              <Select
                key={field}
                label={field === 'name' ? `${IMPORT_FIELD_LABELS[field]} (obrigatório)` : IMPORT_FIELD_LABELS[field]}
                selectedKey={mapping[field] ?? NONE}
                isDisabled={isSending}
                isInvalid={field === 'name' && missingName}
                errorMessage={field === 'name' && missingName ? 'Escolha a coluna com o nome do cliente.' : undefined}
                onSelectionChange={(key) => {
                  const next = { ...mapping };
                  if (key === NONE || key === null) delete next[field];
                  else next[field] = String(key);
                  onMappingChange(next);
                }}
              >
                {[
                  <SelectItem key={NONE} id={NONE}>
                    Não importar
                  </SelectItem>,
                  ...headers.map((h) => (
                    <SelectItem key={h} id={h}>
                      {h}
                    </SelectItem>
                  )),
                ]}
              </Select>
            ))}
          </div>
        ) : null}

        {read.records && mapped.length > 0 ? (
          <Stack gap={2}>
            <Text variant="small" id="import-preview-title">
              Prévia das primeiras {Math.min(PREVIEW_ROWS, dataRows.length)} linhas, como serão importadas
            </Text>
            <div css={{ overflowX: 'auto' }}>
              <Table aria-labelledby="import-preview-title">
                <TableHeader>
                  {[
                    <Column key="line" id="line" isRowHeader>
                      Linha
                    </Column>,
                    ...mapped.map((field) => (
                      <Column key={field} id={field}>
                        {IMPORT_FIELD_LABELS[field]}
                      </Column>
                    )),
                  ]}
                </TableHeader>
                <TableBody emptyState="A planilha não tem linhas de clientes.">
                  {dataRows.slice(0, PREVIEW_ROWS).map(({ line, cells }) => (
                    <Row key={line} id={line}>
                      {[
                        <Cell key="line">{line}</Cell>,
                        ...mapped.map((field) => (
                          <Cell key={field}>{cells[header.indexOf(mapping[field]!)] ?? ''}</Cell>
                        )),
                      ]}
                    </Row>
                  ))}
                </TableBody>
              </Table>
            </div>
          </Stack>
        ) : null}
      </Card>

      {error ? (
        <InlineAlert tone="danger" title="A importação não foi feita" role="alert">
          <Stack gap={1}>
            <Text>{messageForCode(error.code)}</Text>
            {Object.values(error.fieldErrors()).map((message) => (
              <Text key={message}>{message}</Text>
            ))}
          </Stack>
        </InlineAlert>
      ) : null}

      <Card title="3. Importe">
        {isSending ? (
          <ProgressBar label={`Enviando ${read.file.name}`} value={upload} />
        ) : (
          <Text variant="muted">
            Linhas com problema não são importadas: no fim você vê quais são e pode baixá-las para corrigir.
          </Text>
        )}
        <Stack direction="row" gap={2} justify="end" wrap>
          <Button variant="secondary" onPress={onChangeFile} isDisabled={isSending}>
            Trocar arquivo
          </Button>
          <Button onPress={onImport} isDisabled={missingName} isPending={isSending}>
            Importar clientes
          </Button>
        </Stack>
      </Card>
    </>
  );
}
