import type { FormEvent } from 'react';
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
 *
 * The browser never validates it (`noValidate`: no bubble in the browser's language, whatever field is
 * inside). The form checks its fields itself when sent: each invalid field receives its `invalid` event,
 * says what is wrong under it in our words, the first one takes the focus, and `onSubmit` only runs once
 * every field is valid.
 */
export function Form({ gap = 4, onSubmit, ...props }: FormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    // A form in a dialog opened from this one (a portal) sends its own submit up React's tree: not ours.
    if (event.target !== event.currentTarget) return;
    if (props.validationBehavior !== 'aria' && !event.currentTarget.checkValidity()) {
      event.preventDefault();
      return;
    }
    onSubmit?.(event);
  };
  return (
    <AriaForm
      {...props}
      // RAC's Form passes DOM props on (after its own noValidate), though its type leaves this one out.
      {...({ noValidate: true } as object)}
      onSubmit={submit}
      css={{ display: 'flex', flexDirection: 'column', gap: `var(--space-${gap})` }}
    />
  );
}
