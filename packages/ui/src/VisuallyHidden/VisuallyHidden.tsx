import type { HTMLAttributes, ReactNode } from 'react';
import { visuallyHidden } from '../styles';

export interface VisuallyHiddenProps extends HTMLAttributes<HTMLSpanElement> {
  children: ReactNode;
}

/** Content read by screen readers but not shown on screen. */
export function VisuallyHidden({ children, ...props }: VisuallyHiddenProps) {
  return (
    <span css={visuallyHidden} {...props}>
      {children}
    </span>
  );
}
