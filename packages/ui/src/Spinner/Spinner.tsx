import { ProgressBar, type ProgressBarProps } from 'react-aria-components';
import { spin } from '../styles';

export interface SpinnerProps extends Omit<ProgressBarProps, 'isIndeterminate' | 'children' | 'value'> {
  /**
   * Accessible name.
   * @default 'Carregando'
   */
  label?: string;
  /**
   * Diameter in pixels.
   * @default 20
   */
  size?: number;
}

/** Indeterminate progress indicator (`role="progressbar"`). Its colour follows `currentColor`. */
export function Spinner({ label = 'Carregando', size = 20, ...props }: SpinnerProps) {
  return (
    <ProgressBar aria-label={label} isIndeterminate {...props} css={{ display: 'inline-flex', lineHeight: 0 }}>
      <SpinnerIcon size={size} />
    </ProgressBar>
  );
}

/** The spinning circle alone, decorative. Use `Spinner` when it must be announced. */
export function SpinnerIcon({ size = 20 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      css={{ animation: `${spin} 0.8s linear infinite` }}
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
