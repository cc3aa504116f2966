import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  asApiError,
  getPatientImportTemplate,
  isErrorCode,
  messageForCode,
  type ApiError,
  type PatientImportError,
  type PatientImportResult,
} from '@acompanha/api-client';
import {
  Badge,
  Button,
  Card,
  Cell,
  Column,
  FileDropZone,
  InlineAlert,
  Page,
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
  guessMapping,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  isBlankRow,
  isXlsx,
  parseCsv,
  readCsvText,
  XLSX_TYPE,
  type ImportField,
  type ImportMapping,
} from './importFile';
import { uploadImport } from './uploadImport';
import { downloadBlob, toCsv } from '../../lib/download';
import { refreshAfter } from '../../lib/refresh';

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
const ACCEPTED = ['text/csv', XLSX_TYPE, '.csv', '.xlsx'];
const PREVIEW_ROWS = 5;
const NONE = '__none__';
/** Codes whose catalogue sentence says less than the API's own message for the row. */
const GENERIC_CODES = new Set(['WRONG_COMMAND_PARAMETERS', 'MISSING_PARAMETER', 'INTERNAL_ERROR']);
const number = new Intl.NumberFormat('pt-BR');

/** The file as read in the browser: every record (header first) for CSV; `null` for XLSX. */
interface ReadFile {
  file: File;
  records: string[][] | null;
}

type Step =
  | { name: 'choose' }
  | { name: 'map' }
  | { name: 'upload'; progress: number }
  | { name: 'report'; result: PatientImportResult };

/** What a row error means, in Portuguese. */
export function describeImportError(error: PatientImportError): string {
  if (isErrorCode(error.code) && !GENERIC_CODES.has(error.code)) return messageForCode(error.code);
  return error.message || messageForCode(error.code);
}

const fieldLabel = (field: string | null) =>
  field && field in IMPORT_FIELD_LABELS ? IMPORT_FIELD_LABELS[field as ImportField] : (field ?? 'Linha inteira');

/** The rejected rows as they were in the file, plus an `erro` column saying what to fix. */
export function rejectedRowsCsv(result: PatientImportResult, records: string[][] | null): string {
  const byRow = new Map<number, string[]>();
  for (const e of result.errors)
    byRow.set(e.row, [...(byRow.get(e.row) ?? []), `${fieldLabel(e.field)}: ${describeImportError(e)}`]);
  const rows = [...byRow.entries()].sort(([a], [b]) => a - b);
  if (!records)
    return toCsv([['linha', 'erro'], ...rows.map(([row, problems]) => [String(row), problems.join(' | ')])]);
  const header = records[0] ?? [];
  return toCsv([
    [...header, 'erro'],
    ...rows.map(([row, problems]) => [...header.map((_, i) => records[row - 1]?.[i] ?? ''), problems.join(' | ')]),
  ]);
}

/** `/clients/import`: a CSV or XLSX spreadsheet → column mapping with preview → upload → report. */
export function ClientImportPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [read, setRead] = useState<ReadFile | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [error, setError] = useState<ApiError | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [isTemplatePending, setTemplatePending] = useState(false);

  async function choose(file: File) {
    setError(null);
    setReadError(null);
    if (isXlsx(file)) {
      setRead({ file, records: null });
      setMapping({});
      setStep({ name: 'map' });
      return;
    }
    const records = parseCsv(await readCsvText(file));
    const header = (records[0] ?? []).map((h) => h.trim());
    if (records.length === 0 || header.every((h) => h === '')) {
      setReadError(`“${file.name}” está vazio. Use a primeira linha para os nomes das colunas.`);
      return;
    }
    records[0] = header;
    setRead({ file, records });
    setMapping(guessMapping(header));
    setStep({ name: 'map' });
  }

  async function downloadTemplate() {
    setTemplatePending(true);
    try {
      const { data } = await getPatientImportTemplate({ parseAs: 'blob', throwOnError: true });
      downloadBlob(data as unknown as Blob, 'modelo-importacao-clientes.csv');
    } catch {
      // the central handler already showed the toast
    } finally {
      setTemplatePending(false);
    }
  }

  async function startImport() {
    if (!read) return;
    setError(null);
    setStep({ name: 'upload', progress: 0 });
    try {
      const result = await uploadImport(read.file, read.records ? mapping : null, (progress) =>
        setStep((s) => (s.name === 'upload' ? { name: 'upload', progress } : s)),
      );
      await refreshAfter(queryClient, 'patientsAdded');
      setStep({ name: 'report', result });
    } catch (raw) {
      setError(asApiError(raw));
      setStep({ name: 'map' });
    }
  }

  function restart() {
    setRead(null);
    setMapping({});
    setError(null);
    setStep({ name: 'choose' });
  }

  return (
    <Page
      title="Importar clientes"
      description="Traga sua planilha de clientes em CSV ou XLSX. Clientes já cadastrados (mesmo telefone, CPF ou e-mail) são atualizados, sem duplicar."
      width="lg"
      actions={
        <Button variant="secondary" onPress={() => void downloadTemplate()} isPending={isTemplatePending}>
          Baixar modelo
        </Button>
      }
    >
      {step.name === 'choose' ? (
        <Card
          title="1. Escolha a planilha"
          description="A primeira linha deve ter os nomes das colunas. Até 5 MB e 10.000 clientes."
        >
          <FileDropZone
            label="Planilha de clientes"
            acceptedFileTypes={ACCEPTED}
            maxFileSize={IMPORT_MAX_BYTES}
            allowsMultiple={false}
            onSelect={([file]) => file && void choose(file)}
          />
          {readError ? (
            <InlineAlert tone="danger" role="alert">
              {readError}
            </InlineAlert>
          ) : null}
        </Card>
      ) : null}

      {(step.name === 'map' || step.name === 'upload') && read ? (
        <MappingStep
          read={read}
          mapping={mapping}
          onMappingChange={setMapping}
          error={error}
          upload={step.name === 'upload' ? step.progress : null}
          onImport={() => void startImport()}
          onChangeFile={restart}
        />
      ) : null}

      {step.name === 'report' && read ? (
        <ImportReport
          result={step.result}
          onDownloadRejected={() =>
            downloadBlob(
              new Blob([rejectedRowsCsv(step.result, read.records)], { type: 'text/csv;charset=utf-8' }),
              `linhas-com-erro-${read.file.name.replace(/\.(csv|xlsx)$/i, '')}.csv`,
            )
          }
          onViewClients={() => navigate('/clients')}
          onImportAnother={restart}
        />
      ) : null}
    </Page>
  );
}

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

function MappingStep({ read, mapping, onMappingChange, error, upload, onImport, onChangeFile }: MappingStepProps) {
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

interface ImportReportProps {
  result: PatientImportResult;
  onDownloadRejected: () => void;
  onViewClients: () => void;
  onImportAnother: () => void;
}

function ImportReport({ result, onDownloadRejected, onViewClients, onImportAnother }: ImportReportProps) {
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
