import { useLayoutEffect, useRef } from 'react';

/**
 * Moves focus to the screen's heading when the screen (or `key`) changes, so a screen reader reads
 * where the patient is now: the next question, the thanks. The heading is focusable by script only.
 * Focus moves once the new screen has been painted: focusing inside React's commit would force the
 * browser to lay the whole page out in that same task. A patient quicker than that frame (a tap on an
 * answer the moment it shows) keeps her focus: the heading never takes it back from her.
 */
export function useFocusHeading<T extends HTMLElement>(key?: unknown) {
  const ref = useRef<T>(null);
  // A layout effect: what had focus is read in the very task that puts the screen in the page, before
  // any tap on it can be handled (reading activeElement forces no layout).
  useLayoutEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const focusedOnArrival = document.activeElement;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        const heading = ref.current?.querySelector<HTMLElement>('h1');
        if (!heading) return;
        const focused = document.activeElement;
        if (focused && focused !== focusedOnArrival && focused !== document.body && ref.current?.contains(focused))
          return;
        heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: false });
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer) clearTimeout(timer);
    };
  }, [key]);
  return ref;
}
