import type { ReactNode } from 'react';
import { Card, Stack, Text } from '@acompanha/ui';

export interface StatFigureProps {
  label: string;
  /** The number, already formatted ("172", "82,5%", "R$ 6.030,00"). */
  value: string;
  hint?: ReactNode;
  /** A link under the number (e.g. "Revisar respostas"). */
  action?: ReactNode;
}

/** One big number with its label: the dashboard's and the reports' figures. */
export function StatFigure({ label, value, hint, action }: StatFigureProps) {
  return (
    <Card>
      <Stack gap={1}>
        <Text variant="muted">{label}</Text>
        <Text
          css={{
            fontSize: 'var(--font-size-3xl)',
            fontWeight: 700,
            lineHeight: 1.1,
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          {value}
        </Text>
        {hint ? <Text variant="small">{hint}</Text> : null}
        {action ? <div css={{ marginTop: 'var(--space-1)' }}>{action}</div> : null}
      </Stack>
    </Card>
  );
}

/** A responsive row of figures. */
export function StatGrid({
  children,
  label,
  minWidth = 200,
}: {
  children: ReactNode;
  label?: string;
  /** Narrowest figure, in pixels. @default 200 */ minWidth?: number;
}) {
  return (
    <div
      role={label ? 'group' : undefined}
      aria-label={label}
      css={{
        display: 'grid',
        gap: 'var(--space-4)',
        gridTemplateColumns: `repeat(auto-fit, minmax(${minWidth}px, 1fr))`,
      }}
    >
      {children}
    </div>
  );
}
