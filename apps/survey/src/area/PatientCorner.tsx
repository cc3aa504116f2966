/**
 * The patient's corner of a client area: sign in with her phone or e-mail and a one-time code
 * (`/p/<alias>/entrar`), then her questionnaires waiting for an answer (opened without a second PIN), what she
 * answered and the messages the professional sent her (`/p/<alias>/area`).
 */
import { css } from '@emotion/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  createPatientSession,
  getPatientCorner,
  openPatientQuiz,
  requestPatientCode,
  type PatientCorner as CornerData,
} from '@acompanha/api-client';
import { PinInput } from '@acompanha/ui';
import type { SurveyFlowError } from '@acompanha/machines';
import { unwrap } from '../lib/api';
import { useFocusHeading } from '../lib/focus';
import { writeSession } from '../lib/storage';
import { MessageScreen } from '../screens/MessageScreen';
import { IconLock, SpinnerIcon } from '../screens/icons';
import { messageScreen, primaryButton, secondaryButton, srOnly } from '../screens/styles';
import type { AreaData } from './data';
import { areaPath, type AreaScreen } from './route';
import { readPatientSession, signInMessage, writePatientSession, type PatientSession } from './session';

export interface PatientCornerProps {
  area: AreaData;
  screen: Exclude<AreaScreen, 'page'>;
  mode: 'light' | 'dark';
  onModeChange: (mode: 'light' | 'dark') => void;
  /** Where to go (a full page load by default; stories record it). */
  navigate?: (path: string) => void;
}

const go = (path: string) => window.location.assign(path);

export default function PatientCorner({ area, screen, navigate = go }: PatientCornerProps) {
  const [session, setSession] = useState<PatientSession | null>(() => readPatientSession(area.link));
  useEffect(() => {
    document.title = screen === 'login' ? `Entrar — área do cliente de ${area.name}` : `Área do cliente — ${area.name}`;
  }, [screen, area.name]);
  if (screen === 'login' || !session)
    return (
      <SignIn
        area={area}
        expired={screen === 'corner'}
        onSignedIn={(s) => {
          writePatientSession(area.link, s);
          setSession(s);
          navigate(areaPath(area.link, 'corner'));
        }}
      />
    );
  return (
    <Corner
      area={area}
      session={session}
      navigate={navigate}
      onSignOut={() => {
        writePatientSession(area.link, null);
        setSession(null);
        navigate(areaPath(area.link));
      }}
    />
  );
}

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

function SignIn({
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

const dateFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short' });
const day = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : '');

const cornerStyles = css`
  width: 100%;
  max-width: 40rem;
  margin: 0 auto;
  padding: var(--space-5) var(--space-4) var(--space-7);
  display: flex;
  flex-direction: column;
  gap: var(--space-6);
  & header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--space-3);
    flex-wrap: wrap;
  }
  & h1 {
    margin: 0;
    font-size: var(--font-size-2xl);
  }
  & h1:focus {
    outline: none;
  }
  & h2 {
    margin: 0 0 var(--space-3);
    font-size: var(--font-size-lg);
  }
  & ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: var(--space-3);
  }
  & li {
    padding: var(--space-4);
    border: 1px solid var(--color-border);
    border-radius: var(--radius-lg);
    background: var(--color-surface);
    overflow-wrap: anywhere;
  }
  & .meta {
    margin: var(--space-1) 0 0;
    font-size: var(--font-size-sm);
    color: var(--color-text-muted);
  }
  & .empty {
    margin: 0;
    color: var(--color-text-muted);
  }
  & .message {
    margin: 0;
    white-space: pre-line;
  }
`;

/** Her professional's colour across the top: whose area this is. */
const band = css`
  display: flex;
  align-items: center;
  gap: var(--space-3);
  padding: var(--space-3) var(--space-4);
  background: var(--client-area-color);
  color: var(--client-area-on-color);
  font-weight: var(--font-weight-semibold);
  & img {
    border-radius: 50%;
    object-fit: cover;
  }
`;

function Corner({
  area,
  session,
  navigate,
  onSignOut,
}: {
  area: AreaData;
  session: PatientSession;
  navigate: (path: string) => void;
  onSignOut: () => void;
}) {
  const [data, setData] = useState<CornerData | null>(null);
  const [failed, setFailed] = useState(false);
  const [opening, setOpening] = useState<string | null>(null);
  const [openError, setOpenError] = useState<string | null>(null);
  const ref = useFocusHeading<HTMLElement>(data ? 'ready' : 'loading');
  const auth = { headers: { Authorization: `Bearer ${session.token}` } };

  useEffect(() => {
    let live = true;
    unwrap(getPatientCorner(auth)).then(
      (d) => live && setData(d),
      (e: SurveyFlowError) => {
        if (!live) return;
        if (e.status === 401) {
          writePatientSession(area.link, null);
          navigate(areaPath(area.link, 'login'));
        } else setFailed(true);
      },
    );
    return () => {
      live = false;
    };
    // The session's token is the only input; it changes only by signing in again (a new page).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session.token]);

  async function open(scheduleId: string) {
    setOpening(scheduleId);
    setOpenError(null);
    try {
      const token = await unwrap(openPatientQuiz({ ...auth, path: { scheduleId } }));
      // The survey finds its token kept for this link and skips the PIN.
      writeSession(scheduleId, { token, queue: [] });
      navigate(`/quiz-survey/${scheduleId}`);
    } catch (e) {
      const err = e as SurveyFlowError;
      setOpenError(
        err.status === 404
          ? 'Este questionário não está mais disponível. Atualize a página.'
          : signInMessage(err.code, err.details),
      );
      setOpening(null);
    }
  }

  if (failed)
    return (
      <MessageScreen
        icon="offline"
        title="Não foi possível abrir sua área"
        action={{ label: 'Tentar de novo', onPress: () => window.location.reload() }}
      >
        <p>Verifique sua internet e tente de novo.</p>
      </MessageScreen>
    );
  if (!data) return <MessageScreen icon="busy" title="Abrindo sua área…" />;

  return (
    <>
      <div css={band}>
        {area.profilePicture ? <img src={area.profilePicture} alt="" width={32} height={32} /> : null}
        <span>{area.name}</span>
      </div>
      <main ref={ref} css={cornerStyles} aria-labelledby="corner-title">
        <header>
          <div>
            <h1 id="corner-title">Olá, {data.firstName}!</h1>
            <p className="meta">Área do cliente de {data.professionalName}</p>
          </div>
          <button type="button" css={[secondaryButton, { width: 'auto', minHeight: 44 }]} onClick={onSignOut}>
            Sair
          </button>
        </header>

        <section aria-labelledby="pending-title">
          <h2 id="pending-title">Para responder</h2>
          {openError ? (
            <p className="meta" role="alert" css={{ color: 'var(--color-danger)', marginBottom: 'var(--space-3)' }}>
              {openError}
            </p>
          ) : null}
          {data.pending.length === 0 ? (
            <p className="empty">Nenhum questionário esperando por você agora.</p>
          ) : (
            <ul>
              {data.pending.map((q) => (
                <li key={q.scheduleId}>
                  <strong>{q.quizTitle}</strong>
                  <p className="meta">
                    {q.sentAt ? `Enviado em ${day(q.sentAt)}` : 'Enviado'}
                    {q.started ? ' · você já começou' : ''}
                  </p>
                  <button
                    type="button"
                    css={[primaryButton, { marginTop: 'var(--space-3)' }]}
                    aria-disabled={opening !== null || undefined}
                    onClick={() => opening === null && void open(q.scheduleId)}
                  >
                    {opening === q.scheduleId ? (
                      <>
                        <SpinnerIcon size={20} /> Abrindo…
                      </>
                    ) : q.started ? (
                      'Continuar'
                    ) : (
                      'Responder'
                    )}
                    <span css={srOnly}> {q.quizTitle}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="answered-title">
          <h2 id="answered-title">Já respondidos</h2>
          {data.answered.length === 0 ? (
            <p className="empty">Você ainda não respondeu nenhum questionário por aqui.</p>
          ) : (
            <ul>
              {data.answered.map((a, i) => (
                <li key={`${a.finishedAt}-${i}`}>
                  <strong>{a.quizTitle}</strong>
                  <p className="meta">Respondido em {day(a.finishedAt)}</p>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="messages-title">
          <h2 id="messages-title">Mensagens de {data.professionalName.split(/\s+/)[0]}</h2>
          {data.messages.length === 0 ? (
            <p className="empty">Nenhuma mensagem por enquanto.</p>
          ) : (
            <ul>
              {data.messages.map((m) => (
                <li key={m.id}>
                  <p className="message">{m.body}</p>
                  <p className="meta">
                    {day(m.sentAt)} · por {m.channel === 'whatsapp' ? 'WhatsApp' : 'e-mail'}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
        <p className="meta" css={{ textAlign: 'center' }}>
          Por segurança, sua sessão termina 30 minutos depois de entrar.
        </p>
      </main>
    </>
  );
}
