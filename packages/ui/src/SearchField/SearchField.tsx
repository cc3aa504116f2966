import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import {
  Button,
  FieldError,
  Group,
  Input,
  Label,
  SearchField as AriaSearchField,
  Text,
  type SearchFieldProps as AriaSearchFieldProps,
} from 'react-aria-components';
import { IconClose, IconSearch } from '../Icon';
import { visuallyHidden } from '../styles';
import { fieldStyles, inputGroupStyles } from '../TextField/fieldStyles';

const searchStyles = css`
  ${fieldStyles};
  & .search-icon {
    flex: none;
    margin-left: var(--space-3);
    color: var(--color-text-muted);
  }
  & input {
    padding-left: var(--space-2) !important;
  }
  & input::-webkit-search-cancel-button,
  & input::-webkit-search-decoration {
    appearance: none;
  }
  & .search-clear {
    display: grid;
    place-items: center;
    width: 32px;
    height: 32px;
    margin-right: var(--space-1);
    padding: 0;
    border: none;
    border-radius: var(--radius-sm);
    background: transparent;
    color: var(--color-text-muted);
    cursor: pointer;
    outline: none;
    &[data-hovered] {
      background: var(--color-surface-muted);
      color: var(--color-text);
    }
    &[data-focus-visible] {
      outline: 2px solid var(--color-focus);
    }
  }
  &[data-empty] .search-clear {
    display: none;
  }
  & .search-label-hidden {
    ${visuallyHidden};
  }
`;

export interface SearchFieldProps extends Omit<AriaSearchFieldProps, 'children'> {
  /** Label (also the accessible name). */
  label: ReactNode;
  /**
   * Keeps the label for screen readers only (toolbars where the icon and placeholder say enough).
   * @default false
   */
  isLabelHidden?: boolean;
  /** Help text under the field. */
  description?: ReactNode;
  /**
   * @default 'Buscar'
   */
  placeholder?: string;
  /** Error text when `isInvalid`. */
  errorMessage?: string;
}

/** A search input: Enter calls `onSubmit`, Escape or the × button clears (`onClear`). */
export function SearchField({
  label,
  isLabelHidden = false,
  description,
  placeholder = 'Buscar',
  errorMessage,
  ...props
}: SearchFieldProps) {
  return (
    <AriaSearchField {...props} css={searchStyles}>
      <Label className={isLabelHidden ? 'search-label-hidden' : undefined}>{label}</Label>
      <Group css={inputGroupStyles}>
        <IconSearch className="search-icon" size={18} />
        <Input placeholder={placeholder} />
        <Button className="search-clear" aria-label="Limpar busca">
          <IconClose size={16} />
        </Button>
      </Group>
      {description && <Text slot="description">{description}</Text>}
      <FieldError className="field-error">{errorMessage}</FieldError>
    </AriaSearchField>
  );
}
