import { spin } from '../styles';

/**
 * The spinning circle alone, decorative. Use `Spinner` when it must be announced. Its own module, so a page that
 * only shows it (the full-screen spinner, in every app's first load) does not bring React Aria's progress bar along.
 */
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
