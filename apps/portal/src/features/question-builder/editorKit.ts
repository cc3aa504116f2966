/** What every type's configuration editor shares: its props and small helpers. */
import type { QuestionType } from '@acompanha/api-client';
import type { ConfigDrafts } from './builderState';
import type { FieldErrors } from './builderState';

export interface ConfigEditorProps<T extends QuestionType> {
  config: ConfigDrafts[T];
  /** The new configuration; `touched` is the path whose errors the change answers. */
  onChange: (config: ConfigDrafts[T], touched: string) => void;
  errors: FieldErrors;
  isReadOnly: boolean;
  /** The question being edited (a sub-question can't be the question itself). */
  questionId?: string;
}

export function move<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}
