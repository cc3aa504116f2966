import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  acknowledgeBulkProcessMutation,
  getBulkProcessStatusOptions,
  getBulkProcessStatusQueryKey,
} from '@acompanha/api-client';
import { progressPercent } from '@acompanha/machines';
import { Button, Card, InlineAlert, ProgressBar, Stack } from '@acompanha/ui';
import { bulkResultTitle } from './BulkResult';
import { clientsCount } from './labels';
import { refreshAfter } from '../../lib/refresh';

export const bulkStatusOptions = (quizId: string) => getBulkProcessStatusOptions({ path: { quizId } });

/**
 * The quiz's bulk process on a list screen: its progress while it runs (read every second), then
 * its result until acknowledged. `onShowResult` opens the full result (patients left out).
 */
export function BulkProcessBanner({
  quizId,
  onShowResult,
  pollMs = 1000,
}: {
  quizId: string;
  onShowResult: () => void;
  pollMs?: number;
}) {
  const queryClient = useQueryClient();
  const status = useQuery({
    ...bulkStatusOptions(quizId),
    refetchInterval: (q) => (q.state.data?.state === 'processing' ? pollMs : false),
  });
  const acknowledge = useMutation({
    ...acknowledgeBulkProcessMutation(),
    onSuccess: (idle) => queryClient.setQueryData(getBulkProcessStatusQueryKey({ path: { quizId } }), idle),
  });

  // A process seen running that has just ended changed schedules: refresh the lists once.
  const state = status.data?.state;
  const previous = useRef(state);
  useEffect(() => {
    if (previous.current === 'processing' && (state === 'done' || state === 'failed'))
      void refreshAfter(queryClient, 'scheduleChanged');
    previous.current = state;
  }, [state, queryClient]);

  const s = status.data;
  if (!s || s.state === 'idle') return null;
  if (s.state === 'processing')
    return (
      <Card role="region" aria-label="Operação em massa">
        <ProgressBar
          label="Operação em massa em andamento"
          value={progressPercent(s)}
          valueLabel={`${s.processed.toLocaleString('pt-BR')} de ${clientsCount(s.total)}`}
        />
      </Card>
    );
  const left = s.details.length;
  return (
    <InlineAlert
      tone={s.state === 'failed' ? 'danger' : left ? 'warning' : 'success'}
      title={s.state === 'failed' ? 'A operação em massa não terminou' : bulkResultTitle(s)}
      role="region"
      aria-label="Resultado da operação em massa"
    >
      <Stack direction="row" gap={2} align="center" wrap justify="space-between">
        <span>{left ? `${clientsCount(left)} ${left === 1 ? 'ficou' : 'ficaram'} de fora.` : 'Concluída.'}</span>
        <Stack direction="row" gap={2}>
          {left ? (
            <Button size="sm" variant="secondary" onPress={onShowResult}>
              Ver detalhes
            </Button>
          ) : null}
          <Button size="sm" isPending={acknowledge.isPending} onPress={() => acknowledge.mutate({ path: { quizId } })}>
            Entendi
          </Button>
        </Stack>
      </Stack>
    </InlineAlert>
  );
}
