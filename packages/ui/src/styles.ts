import { css, keyframes } from '@emotion/react';

/** Focus ring for RAC components, driven by `[data-focus-visible]`. */
export const focusRing = css`
  outline: none;
  &[data-focus-visible] {
    outline: 2px solid var(--color-focus);
    outline-offset: 2px;
  }
`;

export const spin = keyframes`
  to { transform: rotate(360deg); }
`;

export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;
