import { useState } from 'react';
import { useLoaderData, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  asApiError,
  deletePatientMutation,
  getPatientOptions,
  getPatientQueryKey,
  type Patient,
  handled,
  type ApiErrorCode,
} from '@acompanha/api-client';
import {
  Badge,
  Breadcrumb,
  Breadcrumbs,
  Button,
  EmptyState,
  InlineAlert,
  Modal,
  Page,
  Stack,
  Tab,
  TabList,
  TabPanel,
  Tabs,
  Text,
  TextArea,
  toastQueue,
} from '@acompanha/ui';
import { queryClient as appQueryClient } from '../../app/queryClient';
import { loadOrSignIn } from '../../app/loaders';
import { PatientDataForm } from './PatientDataForm';
import { PreferencesForm } from './PreferencesForm';
import { MessagesPanel, SalesPanel } from './panels';
import { AccessPanel } from './AccessPanel';
import { PatientSchedulesPanel } from '../scheduling/PatientSchedulesPanel';
import { ExportDataDialog } from '../data-export/ExportDataDialog';
import { formatCalendarDate, lastCoveredDay } from '../../lib/dates';
import { refreshAfter } from '../../lib/refresh';
import { useTabParam } from '../../lib/useTabParam';

const NOT_FOUND_CODES: readonly ApiErrorCode[] = ['PATIENT_NOT_FOUND_ERROR', 'NOT_FOUND'];

type LoaderData = { notFound: boolean };

/**
 * Route loader of `/clients/profile/:id`: the profile opens with the client fetched. A client that
 * does not exist (or was deleted) is not an application error: the screen says so itself.
 */
export async function clientProfileLoader({
  request,
  params,
}: {
  request: Request;
  params: { id?: string };
}): Promise<LoaderData> {
  const id = params.id ?? '';
  try {
    await loadOrSignIn(request, () =>
      appQueryClient.query({
        ...getPatientOptions({ path: { id }, meta: handled(...NOT_FOUND_CODES) }),
        staleTime: 'static',
      }),
    );
    return { notFound: false };
  } catch (raw) {
    if (raw instanceof Response) throw raw;
    const error = asApiError(raw);
    if (NOT_FOUND_CODES.includes(error.code) || error.status === 404) return { notFound: true };
    throw raw;
  }
}

/** `/clients/profile/:id`: one client's data, services and sales, preferences, questionnaires and messages. */
export function ClientProfilePage() {
  const { id = '' } = useParams();
  const loaded = useLoaderData() as LoaderData | undefined;
  if (loaded?.notFound) return <ClientNotFound />;
  // Keyed by id: another client's profile starts with its own form state.
  return <ClientProfile key={id} id={id} />;
}

function ClientNotFound() {
  const navigate = useNavigate();
  return (
    <Page title="Cliente não encontrado">
      <EmptyState
        title="Não encontramos este cliente"
        description="O endereço pode estar errado, ou o cliente foi excluído."
        action={<Button onPress={() => navigate('/clients')}>Voltar para Clientes</Button>}
        headingLevel={2}
      />
    </Page>
  );
}

/** The profile's tabs, by their name in the address (`?aba=vendas`), so a link can open one. */
const TABS = ['dados', 'vendas', 'preferencias', 'questionarios', 'mensagens', 'acessos'] as const;

function ClientProfile({ id }: { id: string }) {
  const { data: patient } = useQuery(getPatientOptions({ path: { id } }));
  const [dialog, setDialog] = useState<'inactivate' | 'delete' | 'export' | null>(null);
  const [tab, setTab] = useTabParam(TABS);
  if (!patient) return null;

  return (
    <Stack gap={3}>
      <Breadcrumbs>
        <Breadcrumb href="/clients">Clientes</Breadcrumb>
        <Breadcrumb>{patient.name}</Breadcrumb>
      </Breadcrumbs>
      <Page
        title={patient.name}
        width="lg"
        description={<ProfileSummary patient={patient} />}
        actions={
          <>
            <Button variant="secondary" onPress={() => setDialog('export')}>
              Exportar dados do cliente
            </Button>
            {patient.status === 'active' ? (
              <Button variant="secondary" onPress={() => setDialog('inactivate')}>
                Inativar
              </Button>
            ) : null}
            <Button variant="danger" onPress={() => setDialog('delete')}>
              Excluir
            </Button>
          </>
        }
      >
        <Tabs selectedKey={tab} onSelectionChange={setTab}>
          <TabList aria-label="Seções do cliente">
            <Tab id="dados">Dados</Tab>
            <Tab id="vendas">Serviços e vendas</Tab>
            <Tab id="preferencias">Preferências</Tab>
            <Tab id="questionarios">Questionários</Tab>
            <Tab id="mensagens">Mensagens</Tab>
            <Tab id="acessos">Acessos</Tab>
          </TabList>
          <TabPanel id="dados">
            <PatientDataForm patient={patient} />
          </TabPanel>
          <TabPanel id="vendas">
            <SalesPanel patient={patient} />
          </TabPanel>
          <TabPanel id="preferencias">
            <PreferencesForm patient={patient} />
          </TabPanel>
          <TabPanel id="questionarios">
            <PatientSchedulesPanel patient={patient} />
          </TabPanel>
          <TabPanel id="mensagens">
            <MessagesPanel patient={patient} />
          </TabPanel>
          <TabPanel id="acessos">
            <AccessPanel patient={patient} />
          </TabPanel>
        </Tabs>
      </Page>
      <InactivateModal patient={patient} isOpen={dialog === 'inactivate'} onClose={() => setDialog(null)} />
      <DeleteModal patient={patient} isOpen={dialog === 'delete'} onClose={() => setDialog(null)} />
      <ExportDataDialog
        scope={{ kind: 'patient', patientId: patient.id, patientName: patient.name }}
        isOpen={dialog === 'export'}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}

function ProfileSummary({ patient }: { patient: Patient }) {
  return (
    <span css={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 'var(--space-2)' }}>
      {patient.status === 'active' ? <Badge tone="success">Ativo</Badge> : <Badge tone="neutral">Inativo</Badge>}
      {patient.currentService ? (
        <span>
          {patient.currentService.name} · até {formatCalendarDate(lastCoveredDay(patient.currentService.endsAt))}
        </span>
      ) : (
        <span>Sem serviço ativo</span>
      )}
    </span>
  );
}

function InactivateModal({ patient, isOpen, onClose }: { patient: Patient; isOpen: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const inactivate = useMutation({
    ...deletePatientMutation(),
    onSuccess: async () => {
      await refreshAfter(queryClient, 'patientInactivated');
      onClose();
      toastQueue.add({ tone: 'success', title: `${patient.name} foi inativado(a).` }, { timeout: 5000 });
    },
  });
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      title="Inativar cliente?"
      role="alertdialog"
      footer={
        <>
          <Button variant="secondary" onPress={onClose}>
            Cancelar
          </Button>
          <Button
            isPending={inactivate.isPending}
            onPress={() => inactivate.mutate({ path: { id: patient.id }, body: { mode: 'inactivate' } })}
          >
            Inativar
          </Button>
        </>
      }
    >
      <Text>
        {patient.name} deixa de aparecer entre os clientes ativos e de receber questionários. Todos os dados, respostas
        e vendas continuam guardados.
      </Text>
    </Modal>
  );
}

function DeleteModal({ patient, isOpen, onClose }: { patient: Patient; isOpen: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [reason, setReason] = useState('');
  const [showError, setShowError] = useState(false);
  const remove = useMutation({
    ...deletePatientMutation(),
    onSuccess: async () => {
      // The profile no longer exists: drop it before leaving, so nothing asks for it again.
      queryClient.removeQueries({ queryKey: getPatientQueryKey({ path: { id: patient.id } }) });
      navigate('/clients');
      toastQueue.add(
        { tone: 'success', title: 'Cliente excluído. Os dados pessoais foram anonimizados.' },
        { timeout: 6000 },
      );
      await refreshAfter(queryClient, 'patientDeleted');
    },
  });
  const tooShort = reason.trim().length < 3;
  const close = () => {
    setReason('');
    setShowError(false);
    onClose();
  };

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => !open && close()}
      title="Excluir cliente?"
      role="alertdialog"
      footer={
        <>
          <Button variant="secondary" onPress={close}>
            Cancelar
          </Button>
          <Button
            variant="danger"
            isPending={remove.isPending}
            onPress={() => {
              if (tooShort) {
                setShowError(true);
                return;
              }
              remove.mutate({ path: { id: patient.id }, body: { mode: 'delete', reason: reason.trim() } });
            }}
          >
            Excluir definitivamente
          </Button>
        </>
      }
    >
      <Stack gap={3}>
        <InlineAlert tone="warning" title="Esta ação não pode ser desfeita">
          Seguindo a LGPD, nome, e-mail, telefone, CPF e demais dados pessoais de {patient.name} serão anonimizados.
          Ficam apenas números agregados, como as vendas no faturamento.
        </InlineAlert>
        <Text>Se quiser apenas parar os envios e manter os dados, use “Inativar”.</Text>
        <TextArea
          label="Motivo da exclusão"
          isRequired
          rows={3}
          maxLength={500}
          value={reason}
          onChange={setReason}
          isInvalid={showError && tooShort}
          errorMessage="Informe o motivo (pelo menos 3 caracteres)."
          description="Fica registrado para a sua segurança (por exemplo: pedido do cliente)."
        />
      </Stack>
    </Modal>
  );
}
