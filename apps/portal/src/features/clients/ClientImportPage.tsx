import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { type ApiError, asApiError, getPatientImportTemplate, type PatientImportResult } from '@acompanha/api-client';
import { Button, Card, FileDropZone, InlineAlert, Page } from '@acompanha/ui';
import {
  guessMapping,
  type ImportMapping,
  isXlsx,
  parseCsv,
  readCsvText,
  XLSX_TYPE,
  type ReadFile,
} from './importFile';
import { uploadImport } from './uploadImport';
import { downloadBlob } from '../../lib/download';
import { refreshAfter } from '../../lib/refresh';
import { MappingStep } from './ImportMappingStep';
import { ImportReport } from './ImportReport';
import { rejectedRowsCsv } from './importErrors';

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
const ACCEPTED = ['text/csv', XLSX_TYPE, '.csv', '.xlsx'];

type Step =
  | { name: 'choose' }
  | { name: 'map' }
  | { name: 'upload'; progress: number }
  | { name: 'report'; result: PatientImportResult };

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
