import type { ReactNode } from 'react';
import { Label } from 'react-aria-components';

/**
 * A field's label, with a red asterisk after it when the field is required. The asterisk sits beside the
 * `<label>` (not in it) and is hidden from screen readers: the label's text and the accessible name stay
 * "Nome", and `aria-required` announces the rule.
 */
export function FieldLabel({
  label,
  isRequired,
  className,
}: {
  label: ReactNode;
  isRequired?: boolean;
  className?: string;
}) {
  if (!isRequired) return <Label className={className}>{label}</Label>;
  return (
    <span className="field-label-row">
      <Label className={className}>{label}</Label>
      <span className="required-mark" aria-hidden="true">
        *
      </span>
    </span>
  );
}

/** What the rule of a field's length says when the text is past it (never cut: she decides what to remove). */
export function tooLongMessage(length: number, maxLength: number): string {
  return `Use no máximo ${maxLength.toLocaleString('pt-BR')} caracteres (agora são ${length.toLocaleString('pt-BR')}).`;
}
