/**
 * `/p/<alias>/area`: her questionnaires waiting (opened without a second PIN), what she answered and the
 * messages sent to her. PatientCorner.tsx chooses this screen or the sign-in.
 */
import { css } from '@emotion/react';
import { useEffect, useState } from 'react';
import { getPatientCorner, openPatientQuiz, type PatientCorner as CornerData } from '@acompanha/api-client';
import type { SurveyFlowError } from '@acompanha/machines';
import { unwrap } from '../lib/api';
import { useFocusHeading } from '../lib/focus';
import { writeSession } from '../lib/storage';
import { MessageScreen } from '../screens/MessageScreen';
import { SpinnerIcon } from '../screens/icons';
import { primaryButton, secondaryButton, srOnly } from '../screens/styles';
import type { AreaData } from './data';
import { areaPath } from './route';
import { signInMessage, writePatientSession, type PatientSession } from './session';
import { OwnDataRequest } from './OwnDataRequest';

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

export function PatientHome({
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
        <OwnDataRequest
          token={session.token}
          onSignedOut={() => {
            writePatientSession(area.link, null);
            navigate(areaPath(area.link, 'login'));
          }}
        />
        <p className="meta" css={{ textAlign: 'center' }}>
          Por segurança, sua sessão termina 30 minutos depois de entrar.
        </p>
      </main>
    </>
  );
}
