import { useEffect } from 'react';
import { toastQueue } from '@acompanha/ui';

/**
 * What every start of the portal does around its screens (AppFrame.tsx with React Router, VisitorApp.tsx without):
 * loads Inter once the first screen has painted, and clears the error toasts of a screen being left.
 */
export function useFrameEffects(pathname: string) {
  // Inter once the first screen has painted (as the survey does): its stylesheet is then nothing the first paint
  // waits for, and its files do not share the network with the screen's scripts. The text shows in the system font
  // until then (`font-display: swap`), as it would anyway while the font downloads on a slow network.
  useEffect(() => {
    const frame = requestAnimationFrame(() => setTimeout(() => void import('@acompanha/ui/fonts').catch(() => {})));
    return () => cancelAnimationFrame(frame);
  }, []);
  // An error speaks about the screen it came from: a new screen starts without stale errors.
  // Success toasts stay, since they often announce the very move ("Pergunta salva." → its page).
  useEffect(
    () => () => {
      for (const toast of toastQueue.visibleToasts) if (toast.content.tone === 'error') toastQueue.close(toast.key);
    },
    [pathname],
  );
}
