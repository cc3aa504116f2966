import { useState, type FormEvent } from 'react';
import { useVisitorNavigation } from '../../app/visitorNavigation';
import { useMutation } from '@tanstack/react-query';
import { asApiError, handled, registerMutation, registerLimits } from '@acompanha/api-client';
import { AuthLayout, Button, Form, InlineAlert, Link, PasswordField, Stack, Text, TextField } from '@acompanha/ui';
import { emailErrorMessage, MIN_PASSWORD_LENGTH } from '../../lib/account';
import { EmailField } from '../../lib/EmailField';

const FORM_CODES = ['PROFESSIONAL_ALREADY_EXISTS', 'WRONG_COMMAND_PARAMETERS'] as const;

/** Create a professional account; a verification code goes to the e-mail. */
export function RegistrationPage() {
  const { navigate } = useVisitorNavigation();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const register = useMutation(registerMutation());

  const passwordError =
    password.length > 0 && password.length < MIN_PASSWORD_LENGTH
      ? `A senha precisa ter pelo menos ${MIN_PASSWORD_LENGTH} caracteres.`
      : null;
  const confirmError = confirm.length > 0 && confirm !== password ? 'As senhas não conferem.' : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (passwordError || confirmError) return;
    setServerErrors({});
    setFormError(null);
    const normalized = email.trim().toLowerCase();
    register.mutate(
      // The form says these itself, each once, where it belongs: no toast repeats them.
      { body: { name: name.trim(), email: normalized, password }, meta: handled(...FORM_CODES) },
      {
        onSuccess: () => navigate(`/auth/verify-email?email=${encodeURIComponent(normalized)}`),
        onError: (raw) => {
          const error = asApiError(raw);
          if (error.code === 'PROFESSIONAL_ALREADY_EXISTS') {
            setServerErrors({ email: error.userMessage });
          } else if (error.code === 'WRONG_COMMAND_PARAMETERS') {
            const fields = error.fieldErrors();
            if (Object.keys(fields).length > 0) setServerErrors(fields);
            else setFormError(error.userMessage);
          }
          // Other codes: the central handler's toast says it.
        },
      },
    );
  }

  return (
    <AuthLayout
      title="Criar conta"
      subtitle="Comece a acompanhar seus pacientes hoje. São 14 dias grátis."
      footer={
        <Text variant="muted">
          Já tem conta? <Link href="/login">Entrar</Link>
        </Text>
      }
    >
      <Form onSubmit={onSubmit} validationErrors={serverErrors} aria-label="Criar conta">
        <Stack gap={4}>
          {formError ? <InlineAlert tone="danger">{formError}</InlineAlert> : null}
          <TextField
            label="Nome completo"
            maxLength={registerLimits.name.maxLength}
            name="name"
            autoComplete="name"
            isRequired
            value={name}
            onChange={setName}
            errorMessage="Informe seu nome."
          />
          <EmailField
            label="E-mail"
            maxLength={registerLimits.email.maxLength}
            name="email"
            autoComplete="email"
            isRequired
            value={email}
            onChange={(v) => {
              setEmail(v);
              if (serverErrors.email) setServerErrors(({ email: _drop, ...rest }) => rest);
            }}
            errorMessage={serverErrors.email ?? emailErrorMessage()}
          />
          <PasswordField
            label="Senha"
            maxLength={registerLimits.password.maxLength}
            name="password"
            autoComplete="new-password"
            // One message per problem: the hint gives way to the error that says the same.
            description={
              passwordError || serverErrors.password ? undefined : `Pelo menos ${MIN_PASSWORD_LENGTH} caracteres.`
            }
            isRequired
            value={password}
            onChange={setPassword}
            isInvalid={!!passwordError || !!serverErrors.password}
            errorMessage={passwordError ?? serverErrors.password ?? 'Crie uma senha.'}
          />
          <PasswordField
            label="Confirme a senha"
            maxLength={registerLimits.password.maxLength}
            name="confirmPassword"
            autoComplete="new-password"
            isRequired
            value={confirm}
            onChange={setConfirm}
            isInvalid={!!confirmError}
            errorMessage={confirmError ?? 'Repita a senha.'}
          />
          <Button type="submit" isPending={register.isPending}>
            Criar conta
          </Button>
          <Text variant="small">
            Ao criar a conta, você concorda com a <Link href="/privacy-policy">Política de Privacidade</Link>.
          </Text>
        </Stack>
      </Form>
    </AuthLayout>
  );
}
