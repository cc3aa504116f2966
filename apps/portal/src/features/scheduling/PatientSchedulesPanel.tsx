import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { listQuizSchedulesOptions, type Patient } from '@acompanha/api-client';
import {
  Badge,
  Button,
  Cell,
  Column,
  EmptyState,
  Link,
  Row,
  Stack,
  Table,
  TableBody,
  TableHeader,
  Text,
} from '@acompanha/ui';
import { LastRequestCell, NextDueCell, RecurrenceCell, ScheduleStateBadges } from './cells';
import { isSending } from './labels';
import { ScheduleActions } from './ScheduleActions';
import { ScheduleQuizDialog } from './ScheduleQuizDialog';
import { useActivation } from '../../lib/activation';

/** The query of a patient's schedules (the profile's loader may prefetch it). */
export const patientSchedulesOptions = (patientId: string) =>
  listQuizSchedulesOptions({ query: { patientId, take: 100, skip: 0 } });

/**
 * 'Questionários' on a patient's profile: every quiz scheduled for the patient with its state,
 * next send and last request, the actions on each, and "Agendar questionário".
 */
export function PatientSchedulesPanel({ patient }: { patient: Patient }) {
  const [isScheduling, setScheduling] = useState(false);
  const { blocked } = useActivation();
  const schedules = useQuery({
    ...patientSchedulesOptions(patient.id),
    // A send under way ("Enviar agora") is read again until it went, so the row says when it really went.
    refetchInterval: (query) => (query.state.data?.items.some((s) => isSending(s)) ? 3000 : false),
  });
  const items = schedules.data?.items ?? [];
  const scheduleButton = (
    <Button
      onPress={() => !blocked('Agendar questionário') && setScheduling(true)}
      isDisabled={patient.status !== 'active'}
    >
      Agendar questionário
    </Button>
  );

  return (
    <Stack gap={4}>
      <Stack direction="row" justify="space-between" align="center" wrap gap={3}>
        <Text variant="muted">
          {patient.status === 'active'
            ? 'Os questionários chegam ao cliente com o link e o PIN, no horário de Brasília.'
            : 'Reative o cliente para agendar questionários.'}
        </Text>
        {scheduleButton}
      </Stack>
      <Table aria-label={`Questionários de ${patient.name}`} reflow>
        <TableHeader>
          <Column id="quiz" isRowHeader>
            Questionário
          </Column>
          <Column id="recurrence">Frequência</Column>
          <Column id="next">Próximo envio</Column>
          <Column id="last">Último envio</Column>
          <Column id="state">Situação</Column>
          <Column id="actions" align="end">
            Ações
          </Column>
        </TableHeader>
        <TableBody
          items={items}
          isLoading={schedules.isPending}
          loadingLabel="Carregando questionários…"
          emptyState={
            <EmptyState
              title="Nenhum questionário agendado ainda."
              description="Agende um questionário para que o cliente receba o link e o PIN."
              headingLevel={2}
            />
          }
        >
          {(s) => (
            <Row id={s.id} textValue={s.quizTitle}>
              <Cell>{s.quizTitle}</Cell>
              <Cell cardLabel="Frequência">
                <RecurrenceCell schedule={s} />
              </Cell>
              <Cell cardLabel="Próximo envio">
                <NextDueCell schedule={s} />
              </Cell>
              <Cell cardLabel="Último envio">
                <Stack gap={2} align="start">
                  <LastRequestCell schedule={s} />
                  {s.answers.total > 0 ? (
                    <Stack direction="row" gap={2} align="center" wrap>
                      <Link
                        variant="standalone"
                        href={`/clients/profile/${patient.id}/quiz/${s.id}`}
                        aria-label={`Ver respostas de ${s.quizTitle}`}
                      >
                        Ver respostas
                      </Link>
                      {s.answers.pending > 0 ? <Badge tone="warning">Revisão pendente</Badge> : null}
                    </Stack>
                  ) : null}
                </Stack>
              </Cell>
              <Cell cardLabel="Situação">
                <ScheduleStateBadges schedule={s} />
              </Cell>
              <Cell align="end" actions>
                <ScheduleActions schedule={s} subject={s.quizTitle} />
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
      <ScheduleQuizDialog
        isOpen={isScheduling}
        onClose={() => setScheduling(false)}
        patient={patient}
        scheduledQuizIds={items.map((s) => s.quizId)}
      />
    </Stack>
  );
}
