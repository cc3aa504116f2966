import { css } from '@emotion/react';
import type { Key, ReactNode } from 'react';
import {
  Button as AriaButton,
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  MenuTrigger,
  Popover,
  type MenuItemProps as AriaMenuItemProps,
  type Placement,
} from 'react-aria-components';
import { IconMore } from '../Icon';
import { focusRing, visuallyHidden } from '../styles';

export interface MenuItemSpec {
  id: string;
  label: string;
  icon?: ReactNode;
  /** Navigates instead of calling `onAction` (client-side inside RAC's RouterProvider). */
  href?: string;
  /** Shows the item in the danger colour (e.g. "Excluir"). */
  isDanger?: boolean;
  isDisabled?: boolean;
}

export interface MenuProps {
  /** Accessible name of the trigger button (e.g. the professional's name or "Ações"). */
  label: string;
  /**
   * Visible content of the trigger (an avatar, an icon, text).
   * @default a "more" icon
   */
  trigger?: ReactNode;
  /** Items; alternatively pass `MenuItem` children. */
  items?: MenuItemSpec[];
  children?: ReactNode;
  /** Called with the chosen item's id. */
  onAction?: (id: string) => void;
  /**
   * @default 'bottom end'
   */
  placement?: Placement;
}

const triggerStyles = css`
  ${focusRing};
  display: inline-flex;
  align-items: center;
  gap: var(--space-2);
  min-height: 40px;
  min-width: 40px;
  justify-content: center;
  padding: var(--space-1);
  border: none;
  border-radius: var(--radius-full);
  background: transparent;
  color: var(--color-text);
  cursor: pointer;
  &[data-hovered],
  &[data-pressed] {
    background: var(--color-surface-muted);
  }
`;

const itemStyles = css`
  display: flex;
  align-items: center;
  gap: var(--space-2);
  padding: var(--space-2) var(--space-3);
  border-radius: var(--radius-sm);
  font-size: var(--font-size-sm);
  color: var(--color-text);
  cursor: pointer;
  outline: none;
  text-decoration: none;
  &[data-focused] {
    background: var(--color-surface-muted);
  }
  &[data-danger] {
    color: var(--color-danger);
  }
  &[data-disabled] {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;

export interface MenuItemProps extends AriaMenuItemProps {
  isDanger?: boolean;
}

/** One menu entry, for use as a `Menu` child. */
export function MenuItem({ isDanger, ...props }: MenuItemProps) {
  return <AriaMenuItem {...props} data-danger={isDanger || undefined} css={itemStyles} />;
}

/** A button that opens a list of actions (RAC MenuTrigger + Menu). */
export function Menu({ label, trigger, items, children, onAction, placement = 'bottom end' }: MenuProps) {
  return (
    <MenuTrigger>
      {/* Named by its (hidden) text rather than aria-label, so the visible initials or icon never
          contradict the name (axe: label-content-name-mismatch). */}
      <AriaButton css={triggerStyles}>
        <span aria-hidden="true" css={{ display: 'inline-flex', alignItems: 'center', gap: 'var(--space-2)' }}>
          {trigger ?? <IconMore />}
        </span>
        <span css={visuallyHidden}>{label}</span>
      </AriaButton>
      <Popover
        placement={placement}
        offset={6}
        css={{
          minWidth: 200,
          padding: 'var(--space-1)',
          background: 'var(--color-surface)',
          border: '1px solid var(--color-border)',
          borderRadius: 'var(--radius-md)',
          boxShadow: 'var(--shadow-2)',
          outline: 'none',
        }}
      >
        <AriaMenu
          aria-label={label}
          onAction={(key: Key) => onAction?.(String(key))}
          css={{ outline: 'none', display: 'flex', flexDirection: 'column', gap: 2 }}
        >
          {items
            ? items.map((item) => (
                <MenuItem
                  key={item.id}
                  id={item.id}
                  href={item.href}
                  isDanger={item.isDanger}
                  isDisabled={item.isDisabled}
                  textValue={item.label}
                >
                  {item.icon && (
                    <span aria-hidden="true" css={{ display: 'inline-flex' }}>
                      {item.icon}
                    </span>
                  )}
                  {item.label}
                </MenuItem>
              ))
            : children}
        </AriaMenu>
      </Popover>
    </MenuTrigger>
  );
}
