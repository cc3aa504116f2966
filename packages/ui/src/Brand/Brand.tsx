export interface BrandProps {
  /** Shows only the mark (for the collapsed drawer). */
  isCompact?: boolean;
  /**
   * Product name.
   * @default 'Acompanha'
   */
  name?: string;
}

/** The product mark and name. */
export function Brand({ isCompact, name = 'Acompanha' }: BrandProps) {
  return (
    <span
      css={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 'var(--space-2)',
        fontWeight: 700,
        fontSize: 'var(--font-size-lg)',
        letterSpacing: '-0.02em',
        color: 'var(--color-text)',
      }}
    >
      <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false" css={{ flex: 'none' }}>
        <rect width="28" height="28" rx="8" fill="var(--color-action-bg)" />
        <path
          d="M7 15.5 11.5 20 21 9"
          fill="none"
          stroke="var(--color-action-text)"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {isCompact ? (
        <span
          css={{
            position: 'absolute',
            width: 1,
            height: 1,
            overflow: 'hidden',
            clip: 'rect(0 0 0 0)',
            whiteSpace: 'nowrap',
          }}
        >
          {name}
        </span>
      ) : (
        <span>{name}</span>
      )}
    </span>
  );
}
