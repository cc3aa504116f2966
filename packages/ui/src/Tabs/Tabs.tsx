import { css } from '@emotion/react';
import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabPanel as AriaTabPanel,
  Tabs as AriaTabs,
  type TabListProps as AriaTabListProps,
  type TabPanelProps as AriaTabPanelProps,
  type TabProps as AriaTabProps,
  type TabsProps as AriaTabsProps,
} from 'react-aria-components';

const tabsStyles = css`
  display: flex;
  flex-direction: column;
  gap: var(--space-4);
  color: var(--color-text);
  /* The tab row wraps by the width it has (see tabListStyles). */
  container: tabs / inline-size;
  &[data-orientation='vertical'] {
    flex-direction: row;
  }
`;

const tabListStyles = css`
  display: flex;
  gap: var(--space-1);
  overflow-x: auto;
  &[data-orientation='horizontal'] {
    border-bottom: 1px solid var(--color-border);
  }
  /* In a narrow box (a phone) every tab stays in sight: the row wraps instead of hiding tabs past the edge. */
  @container tabs (max-width: 600px) {
    &[data-orientation='horizontal'] {
      flex-wrap: wrap;
      overflow-x: visible;
    }
  }
  &[data-orientation='vertical'] {
    flex-direction: column;
    border-right: 1px solid var(--color-border);
  }
`;

const tabStyles = css`
  position: relative;
  display: inline-flex;
  align-items: center;
  gap: var(--space-2);
  padding: var(--space-2) var(--space-3);
  border-radius: var(--radius-sm) var(--radius-sm) 0 0;
  color: var(--color-text-muted);
  font-size: var(--font-size-sm);
  font-weight: var(--font-weight-medium);
  white-space: nowrap;
  cursor: pointer;
  outline: none;
  transition: color var(--duration-fast) var(--easing-standard);
  &[data-hovered] {
    color: var(--color-text);
    background: var(--color-surface-muted);
  }
  &[data-selected] {
    color: var(--color-link);
    font-weight: var(--font-weight-semibold);
  }
  &[data-selected]::after {
    content: '';
    position: absolute;
    background: var(--color-action-bg);
  }
  &[data-orientation='horizontal'][data-selected]::after,
  [data-orientation='horizontal'] > &[data-selected]::after {
    left: 0;
    right: 0;
    bottom: -1px;
    height: 2px;
  }
  [data-orientation='vertical'] > &[data-selected]::after {
    top: 0;
    bottom: 0;
    right: -1px;
    width: 2px;
  }
  &[data-focus-visible] {
    outline: 2px solid var(--color-focus);
    outline-offset: -2px;
  }
  &[data-disabled] {
    cursor: not-allowed;
    opacity: 0.55;
  }
`;

const panelStyles = css`
  outline: none;
  border-radius: var(--radius-sm);
  &[data-focus-visible] {
    outline: 2px solid var(--color-focus);
    outline-offset: 2px;
  }
`;

export type TabsProps = AriaTabsProps;

/** Switches between views of the same context (e.g. a client's Resumo / Consultas / Planos). Arrow keys move between tabs. */
export function Tabs(props: TabsProps) {
  return <AriaTabs {...props} css={tabsStyles} />;
}

export type TabListProps<T extends object> = AriaTabListProps<T>;

/** The row of tabs. Name it with `aria-label`. */
export function TabList<T extends object>(props: TabListProps<T>) {
  return <AriaTabList {...props} css={tabListStyles} />;
}

export type TabProps = AriaTabProps;

/** One tab; its `id` matches a `TabPanel`'s `id`. */
export function Tab(props: TabProps) {
  return <AriaTab {...props} css={tabStyles} />;
}

export type TabPanelProps = AriaTabPanelProps;

/** The content of a tab. */
export function TabPanel(props: TabPanelProps) {
  return <AriaTabPanel {...props} css={panelStyles} />;
}
