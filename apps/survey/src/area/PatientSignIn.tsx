/**
 * `/p/<alias>/entrar`: the patient signs in with her phone or e-mail and a one-time code. PatientCorner.tsx
 * chooses this screen or her corner.
 */
import { css } from '@emotion/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { createPatientSession, requestPatientCode } from '@acompanha/api-client';
import { PinInput } from '@acompanha/ui';
import type { SurveyFlowError } from '@acompanha/machines';
import { unwrap } from '../lib/api';
import { useFocusHeading } from '../lib/focus';
import { IconLock, SpinnerIcon } from '../screens/icons';
import { messageScreen, primaryButton, srOnly } from '../screens/styles';
import type { AreaData } from './data';
import { areaPath } from './route';
import { signInMessage, type PatientSession } from './session';

const form = css`
  display: flex;
  flex-direction: column;
  align-items: stretch;
  gap: var(--space-3);
  width: 100%;
  text-align: left;
  & label {
    font-weight: var(--font-weight-medium);
  }
  & input[type='text'],
  & input[type='email'],
  & input[type='tel'] {
    min-height: 52px;
    padding: 0 var(--space-4);
    border: 1px solid var(--color-border-strong);
    border-radius: var(--radius-lg);
    background: var(--color-surface);
    color: var(--color-text);
    font: inherit;
    font-size: var(--font-size-md);
  }
  & input:focus-visible {
    outline: 3px solid var(--color-focus);
    outline-offset: 1px;
  }
  & [aria-invalid='true'] {
    border-color: var(--color-danger);
  }
  & .error {
    margin: 0;
    color: var(--color-danger);
    font-size: var(--font-size-sm);
    font-weight: var(--font-weight-medium);
  }
  & .hint {
    margin: 0;
    font-size: var(--font-size-sm);
    color: var(--color-text-muted);
  }
  & [role='group'] {
    justify-content: center;
  }
`;

const linkButton = css`
  border: 0;
  background: none;
  padding: var(--space-2);
  color: var(--color-link);
  font: inherit;
  text-decoration: underline;
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid var(--color-focus);
  }
`;

const RESEND_AFTER_S = 30;

export function PatientSignIn({
  area,
  expired,
  onSignedIn,
}: {
  area: AreaData;
  expired: boolean;
  onSignedIn: (s: PatientSession) => void;
}) {
  const [step, setStep] = useState<'contact' | 'code'>('contact');
  const [contact, setContact] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resendIn, setResendIn] = useState(0);
  const ref = useFocusHeading<HTMLElement>(step);
  const contactRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (resendIn <= 0) return;
    const id = setTimeout(() => setResendIn((s) => s - 1), 1000);
    return () => clearTimeout(id);
  }, [resendIn]);

  const fail = (e: unknown) => {
    const err = e as SurveyFlowError;
    setError(signInMessage(err.code, err.details));
  };

  async function sendCode(e?: FormEvent) {
    e?.preventDefault();
    if (busy) return;
    if (!contact.trim()) {
      setError('Informe seu celular com DDD ou seu e-mail.');
      contactRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await unwrap(requestPatientCode({ path: { alias: area.link }, body: { contact } }));
      setStep('code');
      setCode('');
      setResendIn(RESEND_AFTER_S);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  async function check(value: string) {
    if (busy) return;
    if (value.length !== 6) {
      setError('Digite os 6 dígitos do código.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const s = await unwrap(createPatientSession({ path: { alias: area.link }, body: { contact, code: value } }));
      onSignedIn(s);
    } catch (err) {
      fail(err);
      setCode('');
    } finally {
      setBusy(false);
    }
  }

  const first = area.name.split(/\s+/)[0];
  return (
    <section ref={ref} css={[messageScreen, { '& h1:focus': { outline: 'none' } }]} aria-labelledby="signin-title">
      <span className="screen-icon">
        <IconLock />
      </span>
      {step === 'contact' ? (
        <>
          <h1 id="signin-title">Área do cliente</h1>
          <p>
            {expired
              ? 'Sua sessão terminou. Entre de novo para continuar.'
              : `Entre com o celular ou o e-mail que você informou a ${first}. Enviaremos um código de acesso.`}
          </p>
          <form css={form} noValidate onSubmit={sendCode}>
            <label htmlFor="contact">Celular ou e-mail</label>
            <input
              ref={contactRef}
              id="contact"
              type="text"
              inputMode="email"
              autoComplete="username"
              maxLength={254}
              value={contact}
              aria-invalid={!!error || undefined}
              aria-describedby={error ? 'contact-error' : 'contact-hint'}
              onChange={(e) => setContact(e.target.value)}
            />
            {error ? (
              <p id="contact-error" className="error" role="alert">
                {error}
              </p>
            ) : (
              <p id="contact-hint" className="hint">
                Exemplo: (11) 91234-5678 ou nome@email.com
              </p>
            )}
            <button type="submit" css={primaryButton} aria-disabled={busy || undefined}>
              {busy ? (
                <>
                  <SpinnerIcon size={20} /> Enviando…
                </>
              ) : (
                'Receber código'
              )}
            </button>
          </form>
        </>
      ) : (
        <>
          <h1 id="signin-title">Digite o código</h1>
          <p>
            Se <strong>{contact}</strong> estiver cadastrado, você vai receber um código de 6 dígitos por WhatsApp ou
            e-mail. Ele vale por 10 minutos.
          </p>
          <form
            css={form}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void check(code);
            }}
          >
            <PinInput
              label="Código de acesso"
              value={code}
              onChange={(v) => {
                setCode(v);
                if (error && v.length > 0) setError(null);
              }}
              onComplete={(v) => void check(v)}
              isInvalid={!!error}
              errorMessage={error ?? undefined}
              autoFocus
            />
            <span role="alert" css={srOnly}>
              {error}
            </span>
            <button type="submit" css={primaryButton} aria-disabled={busy || undefined}>
              {busy ? (
                <>
                  <SpinnerIcon size={20} /> Conferindo…
                </>
              ) : (
                'Entrar'
              )}
            </button>
          </form>
          <div css={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 'var(--space-2)' }}>
            <button type="button" css={linkButton} disabled={resendIn > 0 || busy} onClick={() => void sendCode()}>
              {resendIn > 0 ? `Reenviar código em ${resendIn} s` : 'Reenviar código'}
            </button>
            <button
              type="button"
              css={linkButton}
              onClick={() => {
                setStep('contact');
                setError(null);
              }}
            >
              Usar outro contato
            </button>
          </div>
          <p css={{ fontSize: 'var(--font-size-sm)' }}>
            Não recebeu? Confira se o contato é o mesmo que você informou a {first}, ou fale com o seu profissional.
          </p>
        </>
      )}
      <a href={areaPath(area.link)} css={linkButton}>
        Voltar para a página de {first}
      </a>
    </section>
  );
}
