/** What the flowchart's two sides share: its props, the bank's first query, the list styles. */
import { type Question } from '@acompanha/api-client';
import { type ChosenQuestion, type QuizFlowchartEvent } from '@acompanha/machines';

/** A page of the bank: the most the API gives at once. */
export const BANK_PAGE = 100;

/** The bank query the loader prefetches (no filter, first page): the first screen opens with it. */
export const BANK_QUERY = { take: BANK_PAGE, includeDrafts: 'false' as const };

export interface FlowchartEditorProps {
  chosenQuestions: ChosenQuestion[];
  /** Every question known so far (the quiz's and the bank's), by id. */
  questions: Map<string, Question>;
  send: (event: QuizFlowchartEvent) => void;
  /** Bank results, so the page can tell the machine about them. */
  onBankLoaded: (questions: Question[]) => void;
  isDisabled?: boolean;
}

export const listStyles = {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: 'var(--space-3)',
} as const;

/**
 * The bank scrolls in its own box: the questions of the quiz, below it on narrow screens, stay a
 * short scroll away. The box takes focus, so it scrolls from the keyboard even when every button in
 * it is disabled.
 */
export const bankBoxStyles = {
  maxHeight: 'min(36rem, 70vh)',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  // Room for the buttons' focus rings inside the box.
  padding: 'var(--space-1)',
  margin: 'calc(-1 * var(--space-1))',
  borderRadius: 'var(--radius-md)',
  '&:focus-visible': { outline: '2px solid var(--color-focus)', outlineOffset: 2 },
} as const;

export const itemStyles = {
  border: '1px solid var(--color-border)',
  borderRadius: 'var(--radius-md)',
  padding: 'var(--space-3)',
  background: 'var(--color-surface)',
} as const;
