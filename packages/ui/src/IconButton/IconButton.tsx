import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '../Button/Button';

export interface IconButtonProps extends Omit<ButtonProps, 'children' | 'aria-label' | 'isFullWidth'> {
  /** Accessible name; there is no visible text. */
  'aria-label': string;
  /** The icon (decorative). */
  icon: ReactNode;
  /**
   * @default 'ghost'
   */
  variant?: ButtonProps['variant'];
}

const square = css`
  &[data-size] {
    padding: 0;
  }
  &[data-size='sm'] {
    width: 32px;
  }
  &[data-size='md'] {
    width: 40px;
  }
  &[data-size='lg'] {
    width: 48px;
  }
`;

/** A button that shows only an icon; `aria-label` is required. */
export function IconButton({ icon, variant = 'ghost', ...props }: IconButtonProps) {
  return (
    <Button variant={variant} {...props} css={square}>
      <span aria-hidden="true" css={{ display: 'inline-flex' }}>
        {icon}
      </span>
    </Button>
  );
}
