import { QuestionBank } from './QuestionBank';
import { ChosenList } from './ChosenList';
import { type FlowchartEditorProps } from './flowchartKit';

/** The 'Perguntas' tab: the bank on one side, the ordered flowchart on the other. */
export function FlowchartEditor({ chosenQuestions, questions, send, onBankLoaded, isDisabled }: FlowchartEditorProps) {
  return (
    <div
      css={{
        display: 'grid',
        gap: 'var(--space-4)',
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(320px, 100%), 1fr))',
        alignItems: 'start',
      }}
    >
      <QuestionBank
        chosenIds={new Set(chosenQuestions.map((c) => c.id))}
        send={send}
        onLoaded={onBankLoaded}
        isDisabled={isDisabled}
      />
      <ChosenList chosenQuestions={chosenQuestions} questions={questions} send={send} isDisabled={isDisabled} />
    </div>
  );
}
