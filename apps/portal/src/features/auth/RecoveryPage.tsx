import { useState, type FormEvent } from 'react';
import { useVisitorNavigation } from '../../app/visitorNavigation';
import { useMutation } from '@tanstack/react-query';
import {
  asApiError,
  handled,
  requestPasswordRecoveryMutation,
  resetPasswordMutation,
  requestPasswordRecoveryLimits,
  resetPasswordLimits,
} from '@acompanha/api-client';
import { AuthLayout, Button, Form, InlineAlert, Link, PasswordField, Stack, Text } from '@acompanha/ui';
import { emailErrorMessage, MIN_PASSWORD_LENGTH } from '../../lib/account';
import { EmailField } from '../../lib/EmailField';

/** `/recovery` and `/auth/forgot-password`: ask for a link, or (with `?token=`) choose a new password. */
export function RecoveryPage() {
  const { params } = useVisitorNavigation();
  const token = params.get('token');
  return token ? <ResetPasswordForm token={token} /> : <RequestLinkForm />;
}

function RequestLinkForm() {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useMutation(requestPasswordRecoveryMutation());

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const normalized = email.trim().toLowerCase();
    request.mutate({ body: { email: normalized } }, { onSuccess: () => setSentTo(normalized) });
  }

  return (
    <AuthLayout
      title="Recuperar senha"
      subtitle="Informe o e-mail da sua conta e enviaremos um link para criar uma nova senha."
      footer={
        <Text variant="muted">
          Lembrou? <Link href="/login">Voltar para o login</Link>
        </Text>
      }
    >
      <Form onSubmit={onSubmit} aria-label="Recuperar senha">
        <Stack gap={4}>
          {sentTo ? (
            <InlineAlert tone="success" title="Verifique seu e-mail">
              Se houver uma conta com {sentTo}, você receberá um link válido por 1 hora.
            </InlineAlert>
          ) : null}
          <EmailField
            label="E-mail"
            maxLength={requestPasswordRecoveryLimits.email.maxLength}
            name="email"
            autoComplete="email"
            isRequired
            value={email}
            onChange={setEmail}
            errorMessage={emailErrorMessage()}
          />
          <Button type="submit" isPending={request.isPending}>
            Enviar link
          </Button>
        </Stack>
      </Form>
    </AuthLayout>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const { navigate } = useVisitorNavigation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reset = useMutation(resetPasswordMutation());

  const passwordError =
    password.length > 0 && password.length < MIN_PASSWORD_LENGTH
      ? `A senha precisa ter pelo menos ${MIN_PASSWORD_LENGTH} caracteres.`
      : null;
  const confirmError = confirm.length > 0 && confirm !== password ? 'As senhas não conferem.' : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (passwordError || confirmError) return;
    setError(null);
    reset.mutate(
      { body: { token, password }, meta: handled('PASSWORD_RECOVERY_TOKEN_NOT_FOUND') },
      {
        onSuccess: () => navigate('/login?reset=1', { replace: true }),
        onError: (raw) => {
          const e = asApiError(raw);
          // An unknown or used link: said once, above the form, with the way out in the footer.
          if (e.code === 'PASSWORD_RECOVERY_TOKEN_NOT_FOUND') setError(e.userMessage);
        },
      },
    );
  }

  return (
    <AuthLayout
      title="Criar nova senha"
      subtitle="Escolha uma senha nova para sua conta."
      footer={
        <Text variant="muted">
          <Link href="/recovery">Pedir um novo link</Link>
        </Text>
      }
    >
      <Form onSubmit={onSubmit} aria-label="Criar nova senha">
        <Stack gap={4}>
          {error ? <InlineAlert tone="danger">{error}</InlineAlert> : null}
          <PasswordField
            label="Nova senha"
            maxLength={resetPasswordLimits.password.maxLength}
            name="password"
            autoComplete="new-password"
            description={passwordError ? undefined : `Pelo menos ${MIN_PASSWORD_LENGTH} caracteres.`}
            isRequired
            value={password}
            onChange={setPassword}
            isInvalid={!!passwordError}
            errorMessage={passwordError ?? 'Crie uma senha.'}
          />
          <PasswordField
            label="Confirme a nova senha"
            maxLength={resetPasswordLimits.password.maxLength}
            name="confirmPassword"
            autoComplete="new-password"
            isRequired
            value={confirm}
            onChange={setConfirm}
            isInvalid={!!confirmError}
            errorMessage={confirmError ?? 'Repita a senha.'}
          />
          <Button type="submit" isPending={reset.isPending}>
            Salvar nova senha
          </Button>
        </Stack>
      </Form>
    </AuthLayout>
  );
}
