/**
 * The rule of a reflowed table's phone cards — every value has its label — as a check the story tests and the
 * development console run over the rendered DOM (`Table.tsx` marks the parts: `data-reflow`, `.cell-card-label`,
 * `data-card-actions`).
 */

/**
 * The cells of the reflowed tables under `root` whose card would show a bare value: neither the row header,
 * the selection checkbox, a cell of `actions`, nor one with a `cardLabel`.
 */
export function unlabeledCardCells(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('[data-reflow] tbody > tr > td')].filter(
    (td) =>
      td.getAttribute('role') !== 'rowheader' &&
      !td.classList.contains('table-selection-cell') &&
      !td.hasAttribute('data-card-actions') &&
      !td.querySelector(':scope > .cell-card-label'),
  );
}

/**
 * What `unlabeledCardCells` found, for a developer: each table's name and the columns of its bare cells;
 * null when every card value has its label.
 */
export function describeUnlabeledCardCells(root: ParentNode): string | null {
  const byTable = new Map<string, Set<string>>();
  for (const td of unlabeledCardCells(root)) {
    const table = td.closest('table');
    const name = table?.getAttribute('aria-label') ?? table?.getAttribute('aria-labelledby') ?? 'table';
    const index = [...td.parentElement!.children].indexOf(td);
    const column = table?.querySelectorAll('thead > tr > th')[index]?.textContent?.trim() || `column ${index + 1}`;
    byTable.set(name, (byTable.get(name) ?? new Set()).add(column));
  }
  if (byTable.size === 0) return null;
  const tables = [...byTable].map(([name, columns]) => `"${name}" (${[...columns].map((c) => `"${c}"`).join(', ')})`);
  return (
    `A reflowed table shows values without a label in its phone cards: ${tables.join('; ')}. ` +
    'Give each such Cell a cardLabel, or mark a cell of self-naming controls with actions.'
  );
}
