import { Form as AriaForm, type FormProps as AriaFormProps } from 'react-aria-components';

export interface FormProps extends AriaFormProps {
  /**
   * Space between fields (`--space-N`).
   * @default 4
   */
  gap?: 1 | 2 | 3 | 4 | 5 | 6;
}

/**
 * RAC Form with vertical spacing. Server errors go in `validationErrors`, keyed by field `name`
 * (`{ email: 'Este e-mail já está cadastrado.' }`), and show under the matching field.
 */
export function Form({ gap = 4, ...props }: FormProps) {
  return <AriaForm {...props} css={{ display: 'flex', flexDirection: 'column', gap: `var(--space-${gap})` }} />;
}
