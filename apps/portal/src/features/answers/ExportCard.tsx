/** The report's export: one row per answer, one column per question of the chosen quiz (CSV or XLSX). */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { exportAnswers } from '@acompanha/api-client';
import { Button, Card, InlineAlert, Select, SelectItem, Stack, Text, toastQueue } from '@acompanha/ui';
import { isPeriodInvalid, quizFilterOptions } from './filters';
import { formatCalendarDate } from '../../lib/dates';
import { downloadBlob, fileNameFromDisposition } from '../../lib/download';
import type { ReportFilters } from './reportFilters';

type ExportStatus = 'all' | 'pending' | 'completed';
const EXPORT_STATUS_TEXT: Record<ExportStatus, string> = {
  all: 'Todas as respostas',
  pending: 'Respostas aguardando revisão',
  completed: 'Respostas aprovadas',
};

/** "Exportar CSV" / "Exportar XLSX": one row per answer, one column per question of the chosen quiz. */
export function ExportCard({ filters }: { filters: ReportFilters }) {
  const [pending, setPending] = useState<'csv' | 'xlsx' | null>(null);
  const [status, setStatus] = useState<ExportStatus>('all');
  const quizzes = useQuery(quizFilterOptions());
  const quiz = quizzes.data?.items.find((q) => q.id === filters.quizId);
  const invalid = isPeriodInvalid(filters.period);
  const from = filters.period.start.toString();
  const to = filters.period.end.toString();

  async function download(format: 'csv' | 'xlsx') {
    if (!filters.quizId) return;
    setPending(format);
    try {
      const query = { quizId: filters.quizId, from, to, format, ...(status === 'all' ? {} : { status }) };
      const { data, response } = await exportAnswers({ query, parseAs: 'blob', throwOnError: true });
      const fallback = `respostas-${from}-a-${to}.${format}`;
      downloadBlob(
        data as unknown as Blob,
        fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallback,
      );
      toastQueue.add(
        { tone: 'success', title: format === 'csv' ? 'Planilha CSV baixada.' : 'Planilha XLSX baixada.' },
        { timeout: 4000 },
      );
    } catch {
      // the central handler already showed the toast
    } finally {
      setPending(null);
    }
  }

  return (
    <Card
      title="Exportar respostas"
      description="Uma linha por resposta e uma coluna por pergunta, com as respostas do período. Medidas e escalas saem como números, com a unidade no título da coluna (“Peso (kg)”), prontas para somar e fazer gráficos. O CSV abre no Excel com acentos."
    >
      {filters.quizId ? (
        <Text>
          {`${EXPORT_STATUS_TEXT[status]} de “${quiz?.title ?? 'questionário escolhido'}” de ${formatCalendarDate(from)} a ${formatCalendarDate(to)}.`}
        </Text>
      ) : (
        <InlineAlert tone="info" id="export-needs-quiz">
          Para exportar, escolha um questionário no filtro “Questionário” acima: cada coluna da planilha é uma pergunta
          dele.
        </InlineAlert>
      )}
      <div css={{ maxWidth: 260 }}>
        <Select
          label="Respostas a exportar"
          selectedKey={status}
          onSelectionChange={(key) => setStatus((key ?? 'all') as ExportStatus)}
        >
          <SelectItem id="all">Todas</SelectItem>
          <SelectItem id="pending">Aguardando revisão</SelectItem>
          <SelectItem id="completed">Aprovadas</SelectItem>
        </Select>
      </div>
      <Stack direction="row" gap={2} wrap>
        <Button
          variant="secondary"
          isDisabled={!filters.quizId || invalid || (pending !== null && pending !== 'csv')}
          isPending={pending === 'csv'}
          aria-describedby={filters.quizId ? undefined : 'export-needs-quiz'}
          onPress={() => void download('csv')}
        >
          Exportar CSV
        </Button>
        <Button
          variant="secondary"
          isDisabled={!filters.quizId || invalid || (pending !== null && pending !== 'xlsx')}
          isPending={pending === 'xlsx'}
          aria-describedby={filters.quizId ? undefined : 'export-needs-quiz'}
          onPress={() => void download('xlsx')}
        >
          Exportar XLSX
        </Button>
      </Stack>
    </Card>
  );
}
