import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import {
  I18nProvider,
  Label,
  Slider as AriaSlider,
  SliderOutput,
  SliderThumb,
  SliderTrack,
  type SliderProps as AriaSliderProps,
} from 'react-aria-components';

const sliderStyles = css`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: var(--space-2);
  width: 100%;
  color: var(--color-text);
  font-size: var(--font-size-sm);
  & .slider-label {
    font-weight: var(--font-weight-medium);
  }
  & .slider-output {
    color: var(--color-text-muted);
    font-variant-numeric: tabular-nums;
  }
  & .slider-track {
    grid-column: 1 / -1;
    position: relative;
    height: 28px;
    cursor: pointer;
  }
  & .slider-rail,
  & .slider-fill {
    position: absolute;
    top: 50%;
    height: 6px;
    transform: translateY(-50%);
    border-radius: var(--radius-full);
  }
  & .slider-rail {
    left: 0;
    right: 0;
    background: var(--color-surface-muted);
    box-shadow: inset 0 0 0 1px var(--color-border-strong);
  }
  & .slider-fill {
    background: var(--color-action-bg);
  }
  & .slider-thumb {
    top: 50%;
    width: 20px;
    height: 20px;
    border-radius: var(--radius-full);
    background: var(--color-surface);
    border: 2px solid var(--color-action-bg);
    box-shadow: var(--shadow-1);
    transition: transform var(--duration-fast) var(--easing-standard);
    &[data-dragging] {
      transform: translate(-50%, -50%) scale(1.1) !important;
    }
    &[data-focus-visible] {
      outline: 2px solid var(--color-focus);
      outline-offset: 2px;
    }
  }
  /* Only the track is dimmed: the label and value keep their contrast. */
  &[data-disabled] .slider-track {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;

export interface SliderProps<T extends number | number[]> extends Omit<AriaSliderProps<T>, 'children'> {
  /** Visible label (also the accessible name). */
  label: ReactNode;
  /**
   * Shows the formatted value next to the label.
   * @default true
   */
  showValue?: boolean;
  /**
   * Accessible names of the two thumbs of a range slider.
   * @default ['Mínimo', 'Máximo']
   */
  thumbLabels?: [string, string];
}

/**
 * Picks a number (or a range, with an array value) by dragging or with the arrow keys
 * (Page Up/Down for big steps, Home/End for the ends). Formatting follows `formatOptions` in pt-BR.
 */
export function Slider<T extends number | number[]>({
  label,
  showValue = true,
  thumbLabels = ['Mínimo', 'Máximo'],
  ...props
}: SliderProps<T>) {
  return (
    <I18nProvider locale="pt-BR">
      <AriaSlider {...props} css={sliderStyles}>
        <Label className="slider-label">{label}</Label>
        {showValue ? <SliderOutput className="slider-output" /> : <span />}
        <SliderTrack className="slider-track">
          {({ state }) => {
            const isRange = state.values.length > 1;
            const start = isRange ? state.getThumbPercent(0) : 0;
            const end = state.getThumbPercent(isRange ? 1 : 0);
            return (
              <>
                <div className="slider-rail" />
                <div className="slider-fill" style={{ left: `${start * 100}%`, width: `${(end - start) * 100}%` }} />
                {state.values.map((_, i) => (
                  <SliderThumb
                    key={i}
                    index={i}
                    className="slider-thumb"
                    aria-label={isRange ? thumbLabels[i] : undefined}
                  />
                ))}
              </>
            );
          }}
        </SliderTrack>
      </AriaSlider>
    </I18nProvider>
  );
}
