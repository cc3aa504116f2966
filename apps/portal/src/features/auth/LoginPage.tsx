import { useState, type FormEvent } from 'react';
import { useVisitorNavigation } from '../../app/visitorNavigation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { asApiError, getMeQueryKey, loginMutation, handled, loginLimits } from '@acompanha/api-client';
import { AuthLayout, Button, Form, InlineAlert, Link, PasswordField, Stack, Text } from '@acompanha/ui';
import { store } from '../../app/store';
import { safeRedirect } from './safeRedirect';
import { emailErrorMessage } from '../../lib/account';
import { EmailField } from '../../lib/EmailField';

const BANNERS: Record<string, { tone: 'success' | 'danger' | 'info'; text: string }> = {
  '/account-success': { tone: 'success', text: 'Sua conta foi confirmada. Entre com seu e-mail e senha.' },
  '/account-error': {
    tone: 'danger',
    text: 'Não foi possível confirmar sua conta. Entre com seu e-mail e senha para receber um novo código.',
  },
};

/** Sign in; also what `/account-success` and `/account-error` show. */
export function LoginPage() {
  const { pathname, params, navigate } = useVisitorNavigation();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const login = useMutation(loginMutation());

  const banner =
    BANNERS[pathname] ??
    (params.get('reset') === '1'
      ? { tone: 'success' as const, text: 'Senha alterada. Entre com a nova senha.' }
      : null) ??
    (params.get('expired') === '1'
      ? { tone: 'info' as const, text: 'Sua sessão expirou. Entre novamente para continuar.' }
      : null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    login.mutate(
      // The verification page explains an unverified account itself: no toast for it.
      { body: { email: email.trim(), password }, meta: handled('EMAIL_NOT_VERIFIED') },
      {
        onSuccess: (data) => {
          store.login(data);
          queryClient.setQueryData(getMeQueryKey(), data.professional);
          navigate(safeRedirect(params.get('redirectTo')), { replace: true });
        },
        onError: (raw) => {
          const error = asApiError(raw);
          if (error.code === 'Unauthorized') setFormError('E-mail ou senha incorretos.');
          else if (error.code === 'EMAIL_NOT_VERIFIED') {
            navigate(`/auth/verify-email?email=${encodeURIComponent(email.trim())}&pending=1`);
          }
          // Every other code already got the catalogue's toast from the central handler.
        },
      },
    );
  }

  return (
    <AuthLayout
      title="Entrar"
      subtitle="Acompanhe seus pacientes entre as consultas."
      footer={
        <Text variant="muted">
          Ainda não tem conta? <Link href="/auth/registration">Criar conta</Link>
        </Text>
      }
    >
      <Form onSubmit={onSubmit} aria-label="Entrar">
        <Stack gap={4}>
          {banner ? <InlineAlert tone={banner.tone}>{banner.text}</InlineAlert> : null}
          {formError ? <InlineAlert tone="danger">{formError}</InlineAlert> : null}
          <EmailField
            label="E-mail"
            maxLength={loginLimits.email.maxLength}
            name="email"
            autoComplete="email"
            isRequired
            value={email}
            onChange={setEmail}
            errorMessage={emailErrorMessage()}
          />
          <PasswordField
            label="Senha"
            maxLength={loginLimits.password.maxLength}
            name="password"
            autoComplete="current-password"
            isRequired
            value={password}
            onChange={setPassword}
            errorMessage="Informe sua senha."
          />
          <Button type="submit" isPending={login.isPending}>
            Entrar
          </Button>
          <Link href="/recovery">Esqueci minha senha</Link>
        </Stack>
      </Form>
    </AuthLayout>
  );
}
