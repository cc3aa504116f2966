import { useSearchParams } from 'react-router';

/**
 * A screen's open tab, by its name in the address (`?aba=vendas`), so a link (the first steps, a client's next
 * action) can open one; the first tab is the default and leaves the address bare. Choosing a tab replaces the
 * address (no history entry per tab).
 */
export function useTabParam<const T extends readonly [string, ...string[]]>(
  tabs: T,
): [T[number], (key: string | number) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('aba');
  const tab: T[number] = tabs.find((t) => t === asked) ?? tabs[0];
  const select = (key: string | number) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (key === tabs[0]) next.delete('aba');
        else next.set('aba', String(key));
        return next;
      },
      { replace: true },
    );
  return [tab, select];
}
