import { SpinnerIcon } from './SpinnerIcon';
import { VisuallyHidden } from '../VisuallyHidden';

export interface FullScreenSpinnerProps {
  /**
   * Text announced to screen readers.
   * @default 'Carregando…'
   */
  label?: string;
}

/** Covers the whole page while a route or the session loads. */
export function FullScreenSpinner({ label = 'Carregando…' }: FullScreenSpinnerProps) {
  return (
    <div
      role="status"
      aria-label={label}
      css={{
        position: 'fixed',
        inset: 0,
        zIndex: 1000,
        display: 'grid',
        placeItems: 'center',
        background: 'var(--color-bg)',
        color: 'var(--color-action-bg)',
      }}
    >
      <SpinnerIcon size={40} />
      <VisuallyHidden>{label}</VisuallyHidden>
    </div>
  );
}
