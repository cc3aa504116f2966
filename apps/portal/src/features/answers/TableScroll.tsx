import type { ReactNode } from 'react';

/** Lets a wide table scroll sideways inside its card on a phone, instead of widening the whole page. */
export function TableScroll({ children }: { children: ReactNode }) {
  return <div css={{ overflowX: 'auto', maxWidth: '100%', minWidth: 0 }}>{children}</div>;
}
