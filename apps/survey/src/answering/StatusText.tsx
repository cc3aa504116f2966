import { useEffect, useRef, useState } from 'react';
import { css } from '@emotion/react';
import type { SurveyFlowSnapshot } from '../lib/useSurveyFlow';
import { srOnly } from '../screens/styles';

const bannerStyles = css`
  display: block;
  margin: 0;
  padding: var(--space-3) var(--space-4);
  background: var(--quiz-header-bg);
  color: var(--quiz-header-text);
  border-bottom: 2px solid var(--quiz-danger);
  font-size: var(--font-size-sm);
  font-weight: var(--font-weight-medium);
  line-height: var(--line-height-normal);
  text-align: center;
  &[data-tone='ok'] {
    border-bottom-color: var(--quiz-body-filled);
  }
`;

/** True once `flag` has held for `ms` (a save that is quick is not worth announcing). */
function useHeld(flag: boolean, ms: number) {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!flag) {
      setHeld(false);
      return;
    }
    const id = setTimeout(() => setHeld(true), ms);
    return () => clearTimeout(id);
  }, [flag, ms]);
  return held;
}

/**
 * What the survey's live region (screens/StatusRegion.tsx) says once the survey has opened: saving, offline with
 * answers kept on the phone, back online, starting. What matters to everyone (offline, a failure) is also shown as
 * a banner above the screen; the rest is read to screen readers only. Loaded with the survey's screens.
 */
export default function StatusText({ snapshot }: { snapshot: SurveyFlowSnapshot }) {
  const { context } = snapshot;
  const inSurvey = snapshot.matches('survey');
  const waiting = snapshot.matches({ survey: { sync: 'waiting' } });
  const saving = snapshot.matches({ survey: { sync: 'saving' } });
  const finishing = snapshot.matches({ survey: { flow: 'finishing' } });
  const slowSave = useHeld(saving, 1000);

  // "Back online" after the queue drained following an offline spell.
  const wasWaiting = useRef(false);
  const [recovered, setRecovered] = useState(false);
  useEffect(() => {
    if (waiting) {
      wasWaiting.current = true;
      setRecovered(false);
    } else if (wasWaiting.current && inSurvey && context.queue.length === 0) {
      wasWaiting.current = false;
      setRecovered(true);
      const id = setTimeout(() => setRecovered(false), 5000);
      return () => clearTimeout(id);
    }
  }, [waiting, inSurvey, context.queue.length]);

  const pending = context.queue.filter((i) => i.answer).length;
  let text = '';
  let visible = false;
  let tone: 'warn' | 'ok' = 'warn';
  if (inSurvey && waiting && !finishing) {
    visible = true;
    text =
      pending > 1
        ? `Sem conexão. ${pending} respostas estão guardadas neste aparelho e serão enviadas quando a internet voltar. Você pode continuar respondendo.`
        : 'Sem conexão. Sua resposta está guardada neste aparelho e será enviada quando a internet voltar. Você pode continuar respondendo.';
  } else if (inSurvey && context.resynced) {
    visible = true;
    text = 'Algumas respostas não puderam ser salvas. Continue a partir desta pergunta.';
  } else if (snapshot.matches('starting')) {
    text = 'Abrindo o questionário…';
  } else if (snapshot.matches('folder') && context.startError) {
    visible = true;
    text =
      context.startError === 'NETWORK'
        ? 'Sem conexão. Verifique sua internet e toque no botão para começar de novo.'
        : 'Não foi possível começar agora. Tente de novo em instantes.';
  } else if (recovered) {
    visible = true;
    tone = 'ok';
    text = 'Conexão de volta. Todas as respostas foram enviadas.';
  } else if (slowSave && !finishing) {
    text = 'Salvando sua resposta…';
  }

  return (
    <span css={visible ? bannerStyles : srOnly} data-tone={tone}>
      {text}
    </span>
  );
}
