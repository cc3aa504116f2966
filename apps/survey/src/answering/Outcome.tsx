import { MessageScreen } from '../screens/MessageScreen';

/**
 * The screens that end a visit once the survey has loaded: sending, sent, already answered, nothing to answer (not
 * "kept offline", which SurveyApp.tsx draws itself). Loaded with the question's screen (SurveyApp.tsx preloads them
 * while the PIN is checked, and again with the review), not with the PIN's.
 */
export default function Outcome({
  outcome,
  professionalName,
}: {
  outcome: 'sending' | 'finished' | 'alreadyAnswered' | 'nothingPending';
  /** Who receives the answers, once the survey is known. */
  professionalName: string | null;
}) {
  switch (outcome) {
    case 'sending':
      return <MessageScreen icon="busy" title="Enviando suas respostas…" />;
    case 'finished':
      return (
        <MessageScreen icon="check" title="Respostas enviadas. Obrigado!">
          <p>
            {professionalName
              ? `${professionalName} já recebeu suas respostas.`
              : 'Seu profissional já recebeu suas respostas.'}{' '}
            Você já pode fechar esta página.
          </p>
        </MessageScreen>
      );
    case 'alreadyAnswered':
      return (
        <MessageScreen icon="check" title="Questionário já respondido">
          <p>Você já respondeu este questionário. Obrigado! Quando houver um novo, você receberá outro aviso.</p>
        </MessageScreen>
      );
    case 'nothingPending':
      return (
        <MessageScreen icon="clock" title="Nenhum questionário para responder agora">
          <p>
            Não há questionário pendente neste link no momento. Quando chegar a hora do próximo, você receberá um aviso
            com o link e o PIN.
          </p>
        </MessageScreen>
      );
  }
}
