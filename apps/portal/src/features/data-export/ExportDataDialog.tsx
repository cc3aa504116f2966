import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  createPatientExportMutation,
  createProfessionalExportMutation,
  getPatientExportOptions,
  getProfessionalExportOptions,
  type DataExport,
} from '@acompanha/api-client';
import { Button, InlineAlert, linkTargetSize, Modal, ProgressBar, Stack, Text } from '@acompanha/ui';
import { formatDateTimeBR, formatFileSize } from '../../lib/format';

/** How often the dialog asks for the job's progress while it is being built. */
export const EXPORT_POLL_MS = 1500;

const CONTENTS = [
  'um resumo para ler e imprimir (resumo.html)',
  'dados cadastrais e consentimentos',
  'todas as respostas, com as perguntas como o cliente as viu (JSON e planilha CSV)',
  'revisões e anotações, vendas e serviços, agendamentos e mensagens',
  'os arquivos enviados e o registro de quem acessou os dados',
];

export type ExportScope = { kind: 'patient'; patientId: string; patientName: string } | { kind: 'all' };

/**
 * "Exportar dados do cliente" (one client) and "Exportar tudo" (every client): says what the ZIP holds, starts the
 * job, shows its progress while it is built (polling), then offers the download link and until when it works. The
 * job keeps running if the dialog is closed; opening it again shows the same job.
 */
export function ExportDataDialog({
  scope,
  isOpen,
  onClose,
  pollIntervalMs = EXPORT_POLL_MS,
}: {
  scope: ExportScope;
  isOpen: boolean;
  onClose: () => void;
  /** How often the job is asked for while it is built (stories shorten it). */
  pollIntervalMs?: number;
}) {
  const [jobId, setJobId] = useState<string | null>(null);
  const startPatient = useMutation(createPatientExportMutation());
  const startAll = useMutation(createProfessionalExportMutation());
  const start = scope.kind === 'all' ? startAll : startPatient;
  const poll = (query: { state: { data?: DataExport } }) => {
    const state = query.state.data?.state;
    return !state || state === 'queued' || state === 'running' ? pollIntervalMs : false;
  };
  const patientJob = useQuery({
    ...getPatientExportOptions({
      path: { id: scope.kind === 'patient' ? scope.patientId : '', jobId: jobId ?? '' },
    }),
    enabled: scope.kind === 'patient' && jobId !== null,
    refetchInterval: poll,
  });
  const allJob = useQuery({
    ...getProfessionalExportOptions({ path: { jobId: jobId ?? '' } }),
    enabled: scope.kind === 'all' && jobId !== null,
    refetchInterval: poll,
  });
  const job = jobId ? ((scope.kind === 'all' ? allJob.data : patientJob.data) ?? start.data) : undefined;

  const begin = () => {
    const onSuccess = (started: DataExport) => setJobId(started.id);
    if (scope.kind === 'all') startAll.mutate({}, { onSuccess });
    else startPatient.mutate({ path: { id: scope.patientId } }, { onSuccess });
  };
  const again = () => {
    setJobId(null);
    begin();
  };
  const title = scope.kind === 'all' ? 'Exportar tudo' : 'Exportar dados do cliente';
  const busy = !job || job.state === 'queued' || job.state === 'running';

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      isDismissable
      footer={
        !jobId ? (
          <>
            <Button variant="secondary" onPress={onClose}>
              Cancelar
            </Button>
            <Button isPending={start.isPending} onPress={begin}>
              Preparar arquivo
            </Button>
          </>
        ) : job?.state === 'failed' || job?.state === 'expired' ? (
          <>
            <Button variant="secondary" onPress={onClose}>
              Agora não
            </Button>
            <Button isPending={start.isPending} onPress={again}>
              {job.state === 'failed' ? 'Tentar de novo' : 'Preparar um novo arquivo'}
            </Button>
          </>
        ) : (
          <Button variant={busy ? 'secondary' : 'primary'} onPress={onClose}>
            {busy ? 'Fechar e continuar depois' : 'Concluir'}
          </Button>
        )
      }
    >
      <Stack gap={3}>{!jobId ? <Intro scope={scope} /> : job ? <JobState job={job} scope={scope} /> : null}</Stack>
    </Modal>
  );
}

function Intro({ scope }: { scope: ExportScope }) {
  return (
    <>
      <Text>
        {scope.kind === 'all'
          ? 'Um arquivo .zip com uma pasta para cada cliente e um índice. Em cada pasta:'
          : `Um arquivo .zip com todos os dados de ${scope.patientName}:`}
      </Text>
      <ul css={{ margin: 0, paddingInlineStart: 'var(--space-5)', display: 'grid', gap: 'var(--space-1)' }}>
        {CONTENTS.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <Text variant="muted">
        {scope.kind === 'all'
          ? 'Preparar o arquivo pode levar alguns minutos. Você pode fechar esta janela: avisamos no portal e por e-mail quando estiver pronto. O link vale por 7 dias.'
          : 'Preparar o arquivo leva poucos instantes. O link vale por 7 dias e o pedido fica registrado nos acessos do cliente.'}
      </Text>
    </>
  );
}

function JobState({ job, scope }: { job: DataExport; scope: ExportScope }) {
  if (job.state === 'queued' || job.state === 'running') {
    const counted = scope.kind === 'all' && job.total > 0;
    return (
      <>
        <ProgressBar
          label="Preparando o arquivo…"
          {...(counted
            ? { value: job.progress, maxValue: job.total, valueLabel: `${job.progress} de ${job.total} clientes` }
            : { isIndeterminate: true })}
        />
        <Text variant="muted">
          {scope.kind === 'all'
            ? 'Você pode fechar esta janela: avisamos no portal e por e-mail quando estiver pronto.'
            : 'Você pode fechar esta janela: avisamos no portal quando estiver pronto.'}
        </Text>
      </>
    );
  }
  if (job.state === 'done' && job.downloadUrl) {
    return (
      <>
        <InlineAlert tone="success" title="Pronto">
          O arquivo está pronto para baixar
          {job.expiresAt ? ` até ${formatDateTimeBR(job.expiresAt)}` : ''}.
          {scope.kind === 'all' ? ' Também enviamos um e-mail para você.' : ''}
        </InlineAlert>
        {/* A plain anchor: the signed link is another address than the portal's routes, downloaded as it is. */}
        <a
          href={job.downloadUrl}
          download
          css={[
            linkTargetSize,
            {
              alignSelf: 'flex-start',
              color: 'var(--color-link)',
              fontWeight: 'var(--font-weight-semibold)',
              borderRadius: 'var(--radius-sm)',
              '&:focus-visible': { outline: '2px solid var(--color-focus)', outlineOffset: 2 },
            },
          ]}
        >
          Baixar arquivo .zip{job.size !== null ? ` (${formatFileSize(job.size)})` : ''}
        </a>
        <Text variant="muted">
          Guarde o arquivo em lugar seguro: ele contém dados de saúde.{' '}
          {scope.kind === 'all'
            ? 'Abra o indice.html para chegar ao resumo de cada cliente.'
            : 'Abra o resumo.html para ler ou imprimir.'}
        </Text>
      </>
    );
  }
  if (job.state === 'expired')
    return (
      <InlineAlert tone="warning" title="O arquivo expirou">
        O link valia por 7 dias e o arquivo foi apagado. Prepare um novo arquivo.
      </InlineAlert>
    );
  return (
    <InlineAlert tone="danger" title="Não foi possível preparar o arquivo">
      {job.error ?? 'Tente de novo; se continuar, fale com o suporte.'}
    </InlineAlert>
  );
}
