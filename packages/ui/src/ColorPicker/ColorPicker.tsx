import { css } from '@emotion/react';
import { useId, useMemo } from 'react';
import {
  ColorArea,
  ColorField,
  ColorSlider,
  ColorSwatch,
  ColorSwatchPicker,
  ColorSwatchPickerItem,
  ColorThumb,
  Input,
  Label,
  SliderTrack,
  parseColor,
  type Color,
} from 'react-aria-components';
import { visuallyHidden } from '../styles';
import { inputGroupStyles } from '../TextField/fieldStyles';

/** Colours offered as swatches by default: the product's neutrals and a few brand-friendly hues. */
export const defaultColorSwatches = [
  '#030712',
  '#FFFFFF',
  '#F3F4F6',
  '#6B7280',
  '#2563EB',
  '#1E3A8A',
  '#15803D',
  '#B45309',
  '#B91C1C',
  '#7C3AED',
  '#DB2777',
  '#0E7490',
];

export interface ColorPickerProps {
  /** What the colour is for, e.g. 'Fundo do botão ativo'. */
  label: string;
  /** `#RRGGBB`. */
  value: string;
  /** Called with `#RRGGBB`. */
  onChange: (hex: string) => void;
  /**
   * Quick choices shown as swatches.
   * @default defaultColorSwatches
   */
  swatches?: string[];
  /**
   * Shows the saturation/brightness area and the hue slider under the swatches.
   * @default true
   */
  showEditor?: boolean;
}

const pickerStyles = css`
  display: grid;
  gap: var(--space-3);
  width: 100%;
  max-width: 280px;
  color: var(--color-text);
  & .cp-label {
    font-size: var(--font-size-sm);
    font-weight: var(--font-weight-semibold);
  }
  & .cp-swatches {
    display: flex;
    flex-wrap: wrap;
    gap: var(--space-2);
  }
  & .cp-swatch-item {
    border-radius: var(--radius-md);
    outline: none;
    cursor: pointer;
    box-shadow: 0 0 0 1px var(--color-border-strong);
    &[data-selected] {
      box-shadow:
        0 0 0 2px var(--color-surface),
        0 0 0 4px var(--color-text);
    }
    &[data-focus-visible] {
      outline: 2px solid var(--color-focus);
      outline-offset: 4px;
    }
  }
  & .cp-swatch {
    width: 32px;
    height: 32px;
    border-radius: var(--radius-md);
  }
  & .cp-area {
    width: 100%;
    height: 160px;
    border-radius: var(--radius-md);
  }
  /* Black and white rings: the thumb must show on any colour under it. */
  & .cp-thumb {
    width: 22px;
    height: 22px;
    border: 2px solid #ffffff;
    border-radius: var(--radius-full);
    box-shadow:
      0 0 0 1px #030712,
      inset 0 0 0 1px #030712;
    &[data-focus-visible] {
      width: 28px;
      height: 28px;
    }
  }
  & .cp-track {
    height: 24px;
    border-radius: var(--radius-md);
  }
  & .cp-track .cp-thumb {
    top: 50%;
  }
  & .cp-field {
    display: grid;
    gap: var(--space-1);
    font-size: var(--font-size-sm);
  }
  & .cp-field .cp-input-box {
    ${inputGroupStyles};
  }
  & .cp-field input {
    flex: 1;
    min-width: 0;
    height: 38px;
    padding: 0 var(--space-3);
    border: none;
    outline: none;
    background: transparent;
    color: var(--color-text);
    font-family: var(--font-mono);
    text-transform: uppercase;
  }
`;

const toHex = (c: Color) => c.toString('hex').toUpperCase();

/**
 * Picks a colour for the appearance editors: swatches, a hex field ('Hexadecimal'), and a
 * saturation/brightness area with a hue slider. Always reports `#RRGGBB`.
 */
export function ColorPicker({
  label,
  value,
  onChange,
  swatches = defaultColorSwatches,
  showEditor = true,
}: ColorPickerProps) {
  const labelId = useId();
  const color = useMemo(() => {
    try {
      return parseColor(value).toFormat('hsb');
    } catch {
      return parseColor('#030712').toFormat('hsb');
    }
  }, [value]);
  const change = (c: Color | null) => {
    if (c) onChange(toHex(c));
  };

  return (
    <div role="group" aria-labelledby={labelId} css={pickerStyles}>
      <span id={labelId} className="cp-label">
        {label}
      </span>
      <ColorSwatchPicker
        className="cp-swatches"
        value={color}
        onChange={change}
        aria-label={`${label}: cores sugeridas`}
      >
        {swatches.map((s) => (
          <ColorSwatchPickerItem key={s} color={s} className="cp-swatch-item">
            <ColorSwatch className="cp-swatch" />
          </ColorSwatchPickerItem>
        ))}
      </ColorSwatchPicker>
      {showEditor && (
        <>
          <ColorArea
            className="cp-area"
            value={color}
            onChange={change}
            xChannel="saturation"
            yChannel="brightness"
            aria-label={`${label}: saturação e brilho`}
          >
            <ColorThumb className="cp-thumb" />
          </ColorArea>
          <ColorSlider value={color} onChange={change} channel="hue" aria-label={`${label}: matiz`}>
            <SliderTrack className="cp-track">
              <ColorThumb className="cp-thumb" />
            </SliderTrack>
          </ColorSlider>
        </>
      )}
      <ColorField className="cp-field" value={color} onChange={change}>
        <Label>
          Hexadecimal<span css={visuallyHidden}> ({label})</span>
        </Label>
        <div className="cp-input-box">
          <Input />
        </div>
      </ColorField>
    </div>
  );
}
