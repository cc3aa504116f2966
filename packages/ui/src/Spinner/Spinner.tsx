import { ProgressBar, type ProgressBarProps } from 'react-aria-components';
import { SpinnerIcon } from './SpinnerIcon';

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
