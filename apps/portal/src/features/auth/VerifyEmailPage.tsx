import { useRef, useState, type FormEvent } from 'react';
import { useVisitorNavigation } from '../../app/visitorNavigation';
import { useMutation } from '@tanstack/react-query';
import {
  asApiError,
  handled,
  resendVerificationMutation,
  verifyEmailMutation,
  verifyEmailLimits,
} from '@acompanha/api-client';
import { AuthLayout, Button, Form, InlineAlert, Link, PinInput, Stack, Text } from '@acompanha/ui';
import { EmailField } from '../../lib/EmailField';

const CODE_LENGTH = 6;

/** Type the 6-digit code sent by e-mail; a new code can be requested. */
export function VerifyEmailPage() {
  const { navigate, params } = useVisitorNavigation();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [code, setCode] = useState('');
  // One message at a time, under the field it is about (never a toast beside it).
  const [error, setError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  // The code being checked: the sixth digit sends it, and a tap on "Confirmar" meanwhile is the same attempt.
  const checking = useRef<string | null>(null);
  const [info, setInfo] = useState<string | null>(
    params.get('pending') === '1'
      ? 'Seu e-mail ainda não foi confirmado. Digite o código que enviamos ou peça um novo.'
      : null,
  );
  const verify = useMutation(verifyEmailMutation());
  const resend = useMutation(resendVerificationMutation());

  function submit(value: string) {
    if (value.length !== CODE_LENGTH || !email.trim() || checking.current !== null) return;
    checking.current = value;
    setError(null);
    setCodeError(null);
    verify.mutate(
      {
        body: { email: email.trim().toLowerCase(), code: value },
        // Said under the code, once: the central handler shows no toast for these.
        meta: handled(
          'INVALID_VERIFICATION_CODE',
          'VERIFICATION_CODE_EXPIRED',
          'TOO_MANY_ATTEMPTS',
          'PROFESSIONAL_NOT_FOUND',
          'WRONG_COMMAND_PARAMETERS',
          'NETWORK_ERROR',
        ),
      },
      {
        onSuccess: () =>
          navigate(`/account-success?email=${encodeURIComponent(email.trim().toLowerCase())}`, { replace: true }),
        onError: (raw) => {
          // The boxes are marked and emptied for the next try, with the reason under them.
          setCodeError(asApiError(raw).userMessage);
          setCode('');
        },
        onSettled: () => {
          checking.current = null;
        },
      },
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (checking.current !== null) return;
    if (code.length !== CODE_LENGTH) {
      setCodeError('Digite os 6 números do código.');
      return;
    }
    submit(code);
  }

  function onResend() {
    if (!email.trim()) {
      setError('Informe seu e-mail para receber um novo código.');
      return;
    }
    setError(null);
    resend.mutate(
      { body: { email: email.trim().toLowerCase() } },
      { onSuccess: () => setInfo(`Enviamos um novo código para ${email.trim().toLowerCase()}.`) },
    );
  }

  const hasEmailFromLink = !!params.get('email');

  return (
    <AuthLayout
      title="Confirme seu e-mail"
      subtitle={
        hasEmailFromLink
          ? `Enviamos um código de 6 números para ${params.get('email')}. Ele vale por 15 minutos.`
          : 'Digite o e-mail da sua conta e o código de 6 números que enviamos.'
      }
      footer={
        <Text variant="muted">
          <Link href="/login">Voltar para o login</Link>
        </Text>
      }
    >
      <Form onSubmit={onSubmit} aria-label="Confirmar e-mail">
        <Stack gap={4}>
          {info ? <InlineAlert tone="info">{info}</InlineAlert> : null}
          {error ? <InlineAlert tone="danger">{error}</InlineAlert> : null}
          {hasEmailFromLink ? null : (
            <EmailField
              label="E-mail"
              maxLength={verifyEmailLimits.email.maxLength}
              name="email"
              autoComplete="email"
              isRequired
              value={email}
              onChange={setEmail}
            />
          )}
          <PinInput
            label="Código de verificação"
            length={CODE_LENGTH}
            value={code}
            onChange={(v) => {
              setCode(v);
              if (v.length > 0) setCodeError(null);
            }}
            onComplete={submit}
            isInvalid={!!codeError}
            errorMessage={codeError ?? undefined}
            // Arriving from the sign-up with her address known, the code is the only thing left to type.
            autoFocus={hasEmailFromLink}
          />
          <Button type="submit" isPending={verify.isPending}>
            Confirmar
          </Button>
          <Button variant="ghost" onPress={onResend} isPending={resend.isPending}>
            Reenviar código
          </Button>
        </Stack>
      </Form>
    </AuthLayout>
  );
}
