/**
 * "Receber uma cópia dos meus dados" in her corner (LGPD arts. 18 and 19): she asks, the API prepares the ZIP and
 * sends a link to her registered contact; the screen says where it went, or why it did not (two a day).
 */
import { useState } from 'react';
import { requestOwnPatientExport } from '@acompanha/api-client';
import type { SurveyFlowError } from '@acompanha/machines';
import { unwrap } from '../lib/api';
import { SpinnerIcon } from '../screens/icons';
import { secondaryButton } from '../screens/styles';

function refusal(err: SurveyFlowError): string {
  switch (err.code) {
    case 'TOO_MANY_ATTEMPTS': {
      const seconds = (err.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds ?? 0;
      const hours = Math.max(1, Math.ceil(seconds / 3600));
      return `Você já pediu cópias dos seus dados hoje. Tente de novo em ${hours === 1 ? '1 hora' : `${hours} horas`}.`;
    }
    case 'PATIENT_CONTACT_MISSING':
      return 'Não há um e-mail ou WhatsApp seu cadastrado para receber o link. Fale com sua profissional.';
    case 'NETWORK_ERROR':
      return 'Não foi possível conectar. Verifique sua internet e tente de novo.';
    default:
      return 'Não foi possível pedir a cópia agora. Tente de novo em instantes.';
  }
}

export function OwnDataRequest({ token, onSignedOut }: { token: string; onSignedOut: () => void }) {
  const [state, setState] = useState<
    { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; text: string } | { kind: 'refused'; text: string }
  >({ kind: 'idle' });

  async function ask() {
    setState({ kind: 'sending' });
    try {
      const sent = await unwrap(requestOwnPatientExport({ headers: { Authorization: `Bearer ${token}` } }));
      const where = sent.channel === 'whatsapp' ? `o WhatsApp ${sent.sentTo}` : sent.sentTo;
      setState({
        kind: 'sent',
        text: `Enviamos o link para ${where}. Ele chega em alguns minutos e vale por ${sent.expiresInDays} dias.`,
      });
    } catch (e) {
      const err = e as SurveyFlowError;
      if (err.status === 401) onSignedOut();
      else setState({ kind: 'refused', text: refusal(err) });
    }
  }

  return (
    <section aria-labelledby="own-data-title">
      <h2 id="own-data-title">Seus dados</h2>
      <p className="empty">
        Receba um arquivo com tudo o que sua profissional guarda sobre você: cadastro, respostas, mensagens, arquivos
        enviados e quem acessou seus dados.
      </p>
      {state.kind === 'sent' ? (
        <p role="status" className="message" css={{ marginTop: 'var(--space-3)', fontWeight: 600 }}>
          {state.text}
        </p>
      ) : (
        <>
          {state.kind === 'refused' ? (
            <p role="alert" className="meta" css={{ color: 'var(--color-danger)' }}>
              {state.text}
            </p>
          ) : null}
          <button
            type="button"
            css={[secondaryButton, { marginTop: 'var(--space-3)' }]}
            aria-disabled={state.kind === 'sending' || undefined}
            onClick={() => state.kind !== 'sending' && void ask()}
          >
            {state.kind === 'sending' ? (
              <>
                <SpinnerIcon size={20} /> Pedindo…
              </>
            ) : (
              'Receber uma cópia dos meus dados'
            )}
          </button>
        </>
      )}
    </section>
  );
}
