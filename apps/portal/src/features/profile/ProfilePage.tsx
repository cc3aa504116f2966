import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  asApiError,
  changePasswordMutation,
  getMeOptions,
  getMeQueryKey,
  updateMeMutation,
  type Professional,
  updateMeLimits,
  changePasswordLimits,
} from '@acompanha/api-client';
import {
  Button,
  Card,
  DocumentField,
  Form,
  Page,
  PasswordField,
  PhoneField,
  Stack,
  TextField,
  toastQueue,
} from '@acompanha/ui';
import { queryClient as appQueryClient } from '../../app/queryClient';
import { loadOrSignIn } from '../../app/loaders';
import { store } from '../../app/store';
import { TemplateMessageCard } from '../scheduling/TemplateMessageCard';
import { SubscriptionPanel } from '../subscription/SubscriptionPanel';
import { ExportAllCard } from '../data-export/ExportAllCard';
import { MIN_PASSWORD_LENGTH } from '../../lib/account';
import { EmailField } from '../../lib/EmailField';
import { AccountActivityCard } from './AccountActivityCard';

/** Route loader: the screen opens with the professional already fetched. */
export async function profileLoader({ request }: { request: Request }) {
  await loadOrSignIn(request, () => appQueryClient.query({ ...getMeOptions(), staleTime: 'static' }));
  return null;
}

export function ProfilePage() {
  const { data: professional } = useQuery(getMeOptions());

  return (
    <Page
      title="Meu perfil"
      description="Seus dados aparecem para os seus clientes nos questionários e na área do cliente."
    >
      {professional ? <ProfileForm professional={professional} /> : null}
      <TemplateMessageCard />
      <PasswordCard />
      <AccountActivityCard />
      <SubscriptionPanel />
      <ExportAllCard />
    </Page>
  );
}

function ProfileForm({ professional }: { professional: Professional }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(professional.name);
  const [phone, setPhone] = useState(professional.phone ?? '');
  const [document, setDocument] = useState(professional.document ?? '');
  const [council, setCouncil] = useState(professional.councilRegistration ?? '');
  const [profession, setProfession] = useState(professional.profession);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const update = useMutation(updateMeMutation());

  useEffect(() => {
    setName(professional.name);
    setPhone(professional.phone ?? '');
    setDocument(professional.document ?? '');
    setCouncil(professional.councilRegistration ?? '');
    setProfession(professional.profession);
  }, [professional]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerErrors({});
    update.mutate(
      {
        body: {
          name: name.trim(),
          phone: phone || null,
          document: document || null,
          councilRegistration: council.trim() || null,
          profession: profession.trim() || 'nutricionista',
        },
      },
      {
        onSuccess: (data) => {
          queryClient.setQueryData(getMeQueryKey(), data);
          store.setProfessional(data);
          toastQueue.add({ tone: 'success', title: 'Perfil atualizado.' }, { timeout: 4000 });
        },
        onError: (raw) => {
          const error = asApiError(raw);
          if (error.code === 'WRONG_COMMAND_PARAMETERS') setServerErrors(error.fieldErrors());
        },
      },
    );
  }

  return (
    <Card title="Dados pessoais">
      <Form onSubmit={onSubmit} validationErrors={serverErrors} aria-label="Dados pessoais">
        <Stack gap={4}>
          <TextField
            label="Nome completo"
            maxLength={updateMeLimits.name.maxLength}
            name="name"
            autoComplete="name"
            isRequired
            value={name}
            onChange={setName}
            errorMessage="Informe seu nome."
          />
          <EmailField
            label="E-mail"
            name="email"
            value={professional.email}
            isReadOnly
            description="Para trocar o e-mail, fale com o suporte."
          />
          <PhoneField label="Telefone (WhatsApp)" name="phone" value={phone} onChange={setPhone} />
          <DocumentField label="CPF ou CNPJ" name="document" value={document} onChange={setDocument} />
          <TextField
            label="Registro no conselho"
            maxLength={updateMeLimits.councilRegistration.maxLength}
            name="councilRegistration"
            description="Por exemplo: CRN-3 12345"
            value={council}
            onChange={setCouncil}
          />
          <TextField
            label="Profissão"
            name="profession"
            value={profession}
            onChange={setProfession}
            maxLength={updateMeLimits.profession.maxLength}
          />
          <div>
            <Button type="submit" isPending={update.isPending}>
              Salvar alterações
            </Button>
          </div>
        </Stack>
      </Form>
    </Card>
  );
}

function PasswordCard() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const change = useMutation(changePasswordMutation());

  const nextError =
    next.length > 0 && next.length < MIN_PASSWORD_LENGTH
      ? `A senha precisa ter pelo menos ${MIN_PASSWORD_LENGTH} caracteres.`
      : null;
  const confirmError = confirm.length > 0 && confirm !== next ? 'As senhas não conferem.' : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (nextError || confirmError) return;
    setServerErrors({});
    change.mutate(
      { body: { currentPassword: current, newPassword: next } },
      {
        onSuccess: (data) => {
          store.setJwt(data.jwt);
          setCurrent('');
          setNext('');
          setConfirm('');
          toastQueue.add(
            { tone: 'success', title: 'Senha alterada. As outras sessões foram encerradas.' },
            { timeout: 5000 },
          );
        },
        onError: (raw) => {
          const e = asApiError(raw);
          const fields = e.fieldErrors();
          if (fields.currentPassword) setServerErrors({ currentPassword: 'A senha atual está incorreta.' });
        },
      },
    );
  }

  return (
    <Card title="Alterar senha" description="Ao trocar a senha, você sai de todos os outros aparelhos.">
      <Form onSubmit={onSubmit} validationErrors={serverErrors} aria-label="Alterar senha">
        <Stack gap={4}>
          <PasswordField
            label="Senha atual"
            maxLength={changePasswordLimits.currentPassword.maxLength}
            name="currentPassword"
            autoComplete="current-password"
            isRequired
            value={current}
            onChange={setCurrent}
          />
          <PasswordField
            label="Nova senha"
            maxLength={changePasswordLimits.newPassword.maxLength}
            name="newPassword"
            autoComplete="new-password"
            isRequired
            value={next}
            onChange={setNext}
            isInvalid={!!nextError}
            errorMessage={nextError ?? 'Crie uma senha.'}
          />
          <PasswordField
            label="Confirme a nova senha"
            maxLength={changePasswordLimits.newPassword.maxLength}
            name="confirmNewPassword"
            autoComplete="new-password"
            isRequired
            value={confirm}
            onChange={setConfirm}
            isInvalid={!!confirmError}
            errorMessage={confirmError ?? 'Repita a senha.'}
          />
          <div>
            <Button type="submit" variant="secondary" isPending={change.isPending}>
              Alterar senha
            </Button>
          </div>
        </Stack>
      </Form>
    </Card>
  );
}
