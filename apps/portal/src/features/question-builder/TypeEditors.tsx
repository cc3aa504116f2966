import type { QuestionType } from '@acompanha/api-client';
import type { ConfigDrafts } from './builderState';
import type { FieldErrors } from './builderState';
import { MultipleChoiceEditor } from './MultipleChoiceEditor';
import { LikertScaleEditor, LinearScaleEditor } from './ScaleEditors';
import { FileUploadEditor, FreeFieldEditor, MetricsEditor } from './FieldEditors';

export interface TypeConfigEditorProps {
  type: QuestionType;
  configs: ConfigDrafts;
  onChange: <T extends QuestionType>(type: T, config: ConfigDrafts[T], touched: string) => void;
  errors: FieldErrors;
  isReadOnly: boolean;
  questionId?: string;
}

/** The editor of the chosen type's configuration. */
export function TypeConfigEditor({ type, configs, onChange, ...rest }: TypeConfigEditorProps) {
  switch (type) {
    case 'multiple-choice':
      return <MultipleChoiceEditor config={configs[type]} onChange={(c, t) => onChange(type, c, t)} {...rest} />;
    case 'linear-scale':
      return <LinearScaleEditor config={configs[type]} onChange={(c, t) => onChange(type, c, t)} {...rest} />;
    case 'likert-scale':
      return <LikertScaleEditor config={configs[type]} onChange={(c, t) => onChange(type, c, t)} {...rest} />;
    case 'free-field':
      return <FreeFieldEditor config={configs[type]} onChange={(c, t) => onChange(type, c, t)} {...rest} />;
    case 'file-upload':
      return <FileUploadEditor config={configs[type]} onChange={(c, t) => onChange(type, c, t)} {...rest} />;
    case 'metrics':
      return <MetricsEditor config={configs[type]} onChange={(c, t) => onChange(type, c, t)} {...rest} />;
  }
}
