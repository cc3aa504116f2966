import { useEffect, useRef, useState, type FormEvent } from 'react';
import { css } from '@emotion/react';
import { PinInput } from '@acompanha/ui';
import type { PinError } from '@acompanha/machines';
import { IconLock, SpinnerIcon } from './icons';
import { messageScreen, primaryButton, srOnly } from './styles';

export interface PinScreenProps {
  error: PinError | null;
  /** Tries left after a wrong PIN. */
  remainingAttempts: number | null;
  isValidating: boolean;
  /** Who sent the link (her name), when known: the patient recognises it before typing the PIN. */
  professionalName?: string | null;
  onSubmit: (pin: string) => void;
}

const formStyles = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: var(--space-4);
  width: 100%;
  & [role='group'] {
    justify-content: center;
  }
  & .pin-error {
    margin: 0;
    color: var(--quiz-danger);
    font-size: var(--font-size-sm);
    font-weight: var(--font-weight-medium);
  }
`;

export function pinErrorMessage(error: PinError | null, remainingAttempts: number | null): string | undefined {
  if (error === 'WRONG_PIN') {
    if (remainingAttempts === 1)
      return 'PIN incorreto. Você tem mais 1 tentativa antes de o link ser bloqueado por 15 minutos.';
    if (remainingAttempts !== null && remainingAttempts > 1)
      return `PIN incorreto. Você tem mais ${remainingAttempts} tentativas.`;
    return 'PIN incorreto. Confira o PIN e tente de novo.';
  }
  if (error === 'NETWORK') return 'Não foi possível conectar. Verifique sua internet e tente de novo.';
  if (error === 'UNKNOWN') return 'Não foi possível conferir o PIN agora. Tente de novo em instantes.';
  return undefined;
}

/** The first screen of a link: the 6-digit PIN that came with it. */
export function PinScreen({ error, remainingAttempts, isValidating, professionalName, onSubmit }: PinScreenProps) {
  const [pin, setPin] = useState('');
  const [incomplete, setIncomplete] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const message = incomplete ? 'Digite os 6 dígitos do PIN.' : pinErrorMessage(error, remainingAttempts);

  // After a wrong PIN: empty boxes and the cursor back in the first one.
  useEffect(() => {
    if (error !== 'WRONG_PIN') return;
    setPin('');
    formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [error, remainingAttempts]);

  // The PIN sent and not yet answered: the sixth digit sends it, and a tap on "Entrar" meanwhile (or before the
  // flow has loaded and taken it) is the same attempt, not a second one.
  const sent = useRef<string | null>(null);
  const wasValidating = useRef(isValidating);
  useEffect(() => {
    if (wasValidating.current && !isValidating) sent.current = null;
    wasValidating.current = isValidating;
  }, [isValidating]);

  const submit = (value: string) => {
    if (isValidating || (sent.current !== null && sent.current === value)) return;
    if (value.length !== 6) {
      setIncomplete(true);
      return;
    }
    setIncomplete(false);
    sent.current = value;
    onSubmit(value);
  };

  return (
    <section css={messageScreen} aria-labelledby="pin-title">
      <span className="screen-icon">
        <IconLock />
      </span>
      <h1 id="pin-title">Digite seu PIN</h1>
      <p>
        {professionalName ? `${professionalName} enviou um questionário para você. ` : ''}Para abrir o questionário,
        digite o PIN de 6 dígitos que você recebeu junto com o link, por e-mail ou WhatsApp.
      </p>
      <form
        ref={formRef}
        css={formStyles}
        noValidate
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          submit(pin);
        }}
      >
        <PinInput
          label="PIN de acesso"
          value={pin}
          onChange={(v) => {
            setPin(v);
            sent.current = null;
            if (incomplete && v.length === 6) setIncomplete(false);
          }}
          onComplete={submit}
          isInvalid={!!message}
          errorMessage={message}
          isDisabled={false}
          autoFocus
        />
        <span role="alert" css={srOnly}>
          {message}
        </span>
        <button type="submit" css={primaryButton} aria-disabled={isValidating || undefined}>
          {isValidating ? (
            <>
              <SpinnerIcon size={20} /> Conferindo PIN…
            </>
          ) : (
            'Entrar'
          )}
        </button>
      </form>
      <p css={{ fontSize: 'var(--font-size-sm)' }}>Não recebeu o PIN? Fale com o seu profissional de saúde.</p>
    </section>
  );
}
