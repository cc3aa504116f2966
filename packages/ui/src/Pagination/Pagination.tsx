import { css } from '@emotion/react';
import { Button as AriaButton } from 'react-aria-components';
import { buttonStyles } from '../Button/Button';
import { IconChevronLeft, IconChevronRight } from '../Icon';

const number = new Intl.NumberFormat('pt-BR');

export interface PaginationProps {
  /** Page size (the API's `take`). */
  take: number;
  /** Items skipped (the API's `skip`); the current page is `skip / take + 1`. */
  skip: number;
  /** Total items (with `moreThanTotal`, only how far the count went). */
  total: number;
  /**
   * The count stopped at `total` and more items exist (an API that caps a count): the status reads "de mais de
   * 1.000", and the pages go on past `total` while the current one is full.
   */
  moreThanTotal?: boolean;
  /** Items on the current page; with `moreThanTotal`, a page shorter than `take` is the last. Default: a full page. */
  pageItems?: number;
  /** Called with the new `skip` when a page is chosen. */
  onChange: (skip: number) => void;
  /** Disables every page button (e.g. while the next page loads). */
  isDisabled?: boolean;
  /**
   * How many page numbers to show on each side of the current one.
   * @default 1
   */
  siblingCount?: number;
  /**
   * Accessible name of the `nav` landmark.
   * @default 'Paginação'
   */
  'aria-label'?: string;
}

const navStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: var(--space-3);
  color: var(--color-text);
  font-size: var(--font-size-sm);
  & .pagination-status {
    color: var(--color-text-muted);
  }
  & ul {
    display: flex;
    align-items: center;
    gap: var(--space-1);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  & .page-button {
    min-width: 36px;
    padding: 0 var(--space-2);
  }
  & .page-button[aria-current='page'] {
    background: var(--color-action-bg);
    color: var(--color-action-text);
    border-color: var(--color-action-bg);
  }
  & .ellipsis {
    min-width: 24px;
    text-align: center;
    color: var(--color-text-muted);
  }
`;

/** Page numbers to show: first, last, the current page and its siblings, with gaps as `null`. */
export function pageRange(current: number, pageCount: number, siblingCount = 1): (number | null)[] {
  const pages = new Set<number>([1, pageCount]);
  for (let p = current - siblingCount; p <= current + siblingCount; p++) if (p >= 1 && p <= pageCount) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev === 2) out.push(prev + 1);
    else if (prev !== undefined && p - prev > 2) out.push(null);
    out.push(p);
  });
  return out;
}

/**
 * Page navigation for lists paged with `take`/`skip`: "Mostrando 1–20 de 200" (or "de mais de 1.000" for a
 * capped count), previous/next and page numbers.
 */
export function Pagination({
  take,
  skip,
  total,
  moreThanTotal = false,
  pageItems,
  onChange,
  isDisabled,
  siblingCount = 1,
  'aria-label': ariaLabel = 'Paginação',
}: PaginationProps) {
  const shown = pageItems ?? take;
  // Past a capped count the last page is not known: the pages counted, and one more while this one is full.
  const onPage = Math.floor(skip / take) + 1;
  const hasMore = moreThanTotal && shown >= take;
  const pageCount = moreThanTotal
    ? Math.max(Math.ceil(total / take), onPage + (hasMore ? 1 : 0))
    : Math.max(1, Math.ceil(total / take));
  const current = Math.min(pageCount, onPage);
  const from = total === 0 ? 0 : skip + 1;
  const to = moreThanTotal ? skip + shown : Math.min(skip + take, total);
  const go = (page: number) => onChange((page - 1) * take);
  const status =
    total === 0
      ? 'Nenhum resultado'
      : moreThanTotal
        ? shown === 0
          ? `Nenhum resultado nesta página, de mais de ${number.format(total)}`
          : `Mostrando ${number.format(from)}–${number.format(to)} de mais de ${number.format(total)}`
        : `Mostrando ${number.format(from)}–${number.format(to)} de ${number.format(total)}`;
  const pages = pageRange(current, pageCount, siblingCount);
  // More pages than the numbers shown: a gap after the last one.
  if (hasMore) pages.push(null);

  return (
    <nav aria-label={ariaLabel} css={navStyles}>
      <p className="pagination-status" aria-live="polite" css={{ margin: 0 }}>
        {status}
      </p>
      {pageCount > 1 && (
        <ul>
          <li>
            <AriaButton
              css={buttonStyles}
              className="page-button"
              data-variant="ghost"
              data-size="sm"
              aria-label="Página anterior"
              isDisabled={isDisabled || current === 1}
              onPress={() => go(current - 1)}
            >
              <IconChevronLeft size={18} />
            </AriaButton>
          </li>
          {pages.map((page, i) =>
            page === null ? (
              <li key={`gap-${i}`} className="ellipsis" aria-hidden="true">
                …
              </li>
            ) : (
              <li key={page}>
                <AriaButton
                  css={buttonStyles}
                  className="page-button"
                  data-variant={page === current ? 'primary' : 'ghost'}
                  data-size="sm"
                  aria-label={`Página ${page}`}
                  aria-current={page === current ? 'page' : undefined}
                  isDisabled={isDisabled}
                  onPress={() => page !== current && go(page)}
                >
                  {number.format(page)}
                </AriaButton>
              </li>
            ),
          )}
          <li>
            <AriaButton
              css={buttonStyles}
              className="page-button"
              data-variant="ghost"
              data-size="sm"
              aria-label="Próxima página"
              isDisabled={isDisabled || current === pageCount}
              onPress={() => go(current + 1)}
            >
              <IconChevronRight size={18} />
            </AriaButton>
          </li>
        </ul>
      )}
    </nav>
  );
}
