import { useId, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { css } from '@emotion/react';

export interface PinInputProps {
  /** Group label, e.g. 'Código de verificação' or 'PIN'. */
  label: string;
  /**
   * Number of digits.
   * @default 6
   */
  length?: number;
  /** Digits typed so far (no separators). */
  value: string;
  onChange: (value: string) => void;
  /** Called once every box is filled, with the full code. */
  onComplete?: (value: string) => void;
  isInvalid?: boolean;
  /** Shown under the boxes when `isInvalid`. */
  errorMessage?: string;
  /** Help text under the boxes. */
  description?: string;
  isDisabled?: boolean;
  /** Form field name; a hidden input carries the code. */
  name?: string;
  /** Focus the first box on mount. */
  autoFocus?: boolean;
}

const boxStyles = css`
  width: 44px;
  height: 52px;
  text-align: center;
  font-size: var(--font-size-xl);
  font-weight: var(--font-weight-semibold);
  font-variant-numeric: tabular-nums;
  /* Inside a QuizAppearanceProvider the boxes take the quiz's text-field colours. */
  color: var(--quiz-text-field-text, var(--color-text));
  background: var(--quiz-text-field-bg, var(--color-surface));
  border: 1px solid var(--quiz-text-field-border, var(--color-border-strong));
  border-radius: var(--radius-md);
  caret-color: var(--quiz-text-field-primary, var(--color-focus));
  &:focus {
    outline: 2px solid var(--quiz-text-field-primary, var(--color-focus));
    outline-offset: -1px;
    border-color: var(--quiz-text-field-primary, var(--color-focus));
  }
  &[aria-invalid='true'] {
    border-color: var(--quiz-danger, var(--color-danger));
  }
  &:disabled {
    opacity: 0.6;
  }
  @media (max-width: 360px) {
    width: 38px;
    height: 46px;
  }
`;

/**
 * One box per digit (numeric only). Typing moves forward, Backspace and the arrows move back and
 * forth, and pasting a whole code fills every box. The first box has `autocomplete="one-time-code"`
 * so phones can offer the code from an SMS or e-mail.
 */
export function PinInput({
  label,
  length = 6,
  value,
  onChange,
  onComplete,
  isInvalid,
  errorMessage,
  description,
  isDisabled,
  name,
  autoFocus,
}: PinInputProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const digits = value.replace(/\D/g, '').slice(0, length);

  const focusBox = (index: number) => {
    const el = refs.current[Math.max(0, Math.min(length - 1, index))];
    el?.focus();
    el?.select();
  };

  const commit = (next: string) => {
    const clean = next.replace(/\D/g, '').slice(0, length);
    onChange(clean);
    if (clean.length === length && clean !== digits) onComplete?.(clean);
    return clean;
  };

  // Writes `typed` starting at box `index` (one digit typed, or a whole code from autofill).
  const fillFrom = (index: number, typed: string) => {
    const incoming = typed.replace(/\D/g, '');
    if (!incoming) return;
    const chars = digits.split('');
    const start = Math.min(index, chars.length);
    const next = chars.slice(0, start).join('') + incoming + chars.slice(start + incoming.length).join('');
    const clean = commit(next);
    focusBox(Math.min(start + incoming.length, length - 1, clean.length));
  };

  const onKeyDown = (index: number) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace') {
      e.preventDefault();
      if (digits[index] !== undefined) {
        commit(digits.slice(0, index) + digits.slice(index + 1));
        focusBox(index);
      } else if (index > 0) {
        commit(digits.slice(0, index - 1) + digits.slice(index));
        focusBox(index - 1);
      }
    } else if (e.key === 'Delete') {
      e.preventDefault();
      commit(digits.slice(0, index) + digits.slice(index + 1));
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      focusBox(index - 1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      focusBox(Math.min(index + 1, digits.length));
    } else if (e.key === 'Home') {
      e.preventDefault();
      focusBox(0);
    } else if (e.key === 'End') {
      e.preventDefault();
      focusBox(Math.min(digits.length, length - 1));
    } else if (e.key.length === 1 && /\d/.test(e.key) && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      // Typing over a filled box replaces it.
      const chars = digits.split('');
      const at = Math.min(index, chars.length);
      chars[at] = e.key;
      const clean = commit(chars.join(''));
      focusBox(Math.min(at + 1, length - 1, clean.length));
    } else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey) {
      // Only digits.
      e.preventDefault();
    }
  };

  const onPaste = (index: number) => (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const pasted = e.clipboardData.getData('text').replace(/\D/g, '');
    if (!pasted) return;
    // A full code always fills from the first box.
    fillFrom(pasted.length >= length ? 0 : index, pasted);
  };

  const describedBy =
    [description ? descriptionId : null, isInvalid && errorMessage ? errorId : null].filter(Boolean).join(' ') ||
    undefined;

  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 'var(--space-2)' }}>
      <span
        id={labelId}
        css={{ fontSize: 'var(--font-size-sm)', fontWeight: 500, color: 'var(--quiz-body-text, var(--color-text))' }}
      >
        {label}
      </span>
      <div
        role="group"
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        css={{ display: 'flex', gap: 'var(--space-2)', flexWrap: 'nowrap' }}
      >
        {Array.from({ length }, (_, index) => (
          <input
            key={index}
            ref={(el) => {
              refs.current[index] = el;
            }}
            css={boxStyles}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={index === 0 ? length : 1}
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={`Dígito ${index + 1} de ${length}`}
            aria-invalid={isInvalid || undefined}
            aria-describedby={describedBy}
            disabled={isDisabled}
            // The caller's choice (the PIN screen's one task), on the first box only.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus={autoFocus && index === 0}
            value={digits[index] ?? ''}
            onKeyDown={onKeyDown(index)}
            onPaste={onPaste(index)}
            // Autofill (one-time-code) and mobile keyboards that skip keydown arrive here.
            onChange={(e) => {
              const typed = e.target.value;
              const old = digits[index] ?? '';
              if (typed === '') commit(digits.slice(0, index) + digits.slice(index + 1));
              else
                fillFrom(index, typed.startsWith(old) && typed.length > old.length ? typed.slice(old.length) : typed);
            }}
            onFocus={(e) => e.target.select()}
          />
        ))}
      </div>
      {name && <input type="hidden" name={name} value={digits} />}
      {description && (
        <span
          id={descriptionId}
          css={{ fontSize: 'var(--font-size-sm)', color: 'var(--quiz-body-secondary, var(--color-text-muted))' }}
        >
          {description}
        </span>
      )}
      {isInvalid && errorMessage && (
        <span
          id={errorId}
          css={{ fontSize: 'var(--font-size-sm)', color: 'var(--quiz-danger, var(--color-danger))', fontWeight: 500 }}
        >
          {errorMessage}
        </span>
      )}
    </div>
  );
}
