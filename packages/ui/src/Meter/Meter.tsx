import type { ReactNode } from 'react';
import { I18nProvider, Label, Meter as AriaMeter, type MeterProps as AriaMeterProps } from 'react-aria-components';
import { barFieldStyles } from '../ProgressBar/ProgressBar';

export type MeterVariant = 'info' | 'success' | 'warning' | 'danger';

export interface MeterProps extends Omit<AriaMeterProps, 'children'> {
  /** Visible label; without it pass `aria-label`. */
  label?: ReactNode;
  /**
   * Shows the formatted value (`75%`, or `valueLabel`) next to the label.
   * @default true
   */
  showValueLabel?: boolean;
  /**
   * Colour of the fill. Without it the colour follows `thresholds`.
   */
  variant?: MeterVariant;
  /**
   * Percentages where the colour turns `warning` and then `danger` (for usage quotas).
   * @default [70, 90]
   */
  thresholds?: [number, number];
}

/** A known quantity within a range: storage or plan usage, goal completion. Not for task progress (use ProgressBar). */
export function Meter({ label, showValueLabel = true, variant, thresholds = [70, 90], ...props }: MeterProps) {
  return (
    <I18nProvider locale="pt-BR">
      <AriaMeter {...props} css={barFieldStyles}>
        {({ percentage, valueText }) => {
          const tone =
            variant ?? (percentage >= thresholds[1] ? 'danger' : percentage >= thresholds[0] ? 'warning' : 'info');
          return (
            <>
              {label && <Label className="bar-label">{label}</Label>}
              {showValueLabel && <span className="bar-value">{valueText}</span>}
              <div className="bar-track">
                <div
                  className="bar-fill"
                  // The tone depends on the value, known only inside the render function.
                  data-tone={tone}
                  style={{ width: `${percentage}%` }}
                />
              </div>
            </>
          );
        }}
      </AriaMeter>
    </I18nProvider>
  );
}
