import { useEffect, useRef } from 'react';

/**
 * Moves focus to the screen's heading when the screen (or `key`) changes, so a screen reader reads
 * where the patient is now: the next question, the thanks. The heading is focusable by script only.
 * Focus moves once the new screen has been painted: focusing inside React's commit would force the
 * browser to lay the whole page out in that same task.
 */
export function useFocusHeading<T extends HTMLElement>(key?: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        const heading = ref.current?.querySelector<HTMLElement>('h1');
        if (!heading) return;
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
