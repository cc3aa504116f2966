import { startTransition, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { Global } from '@emotion/react';
import { GlobalStyles, themes, themeToCssVars } from '@acompanha/ui';
import { lazy, Suspense, useEffect } from 'react';
import { areaRouteFromPath } from './area/route';
import { afterPaint } from './lib/afterPaint';
import { quizScheduleIdFromPath } from './lib/route';
import { SurveyApp } from './SurveyApp';

// The professional's public page and the patient's corner (`/p/<alias>…`) load on demand: a survey link never
// downloads them.
const AreaApp = lazy(() => import('./area/AreaApp').then((m) => ({ default: m.AreaApp })));
// A survey link the service worker answered offline (../sw.js, `#acompanha-offline`): its screen loads on demand too.
const OfflineShell = lazy(() => import('./OfflineShell'));

// The design tokens as CSS variables. Not the ui ThemeProvider: it also loads React Aria's locale
// provider, whose first use of Intl costs ~100 ms on a slow phone before the PIN screen could show;
// the screens that use React Aria (cover, questions) load later and set pt-BR themselves.
const rootVars = { ':root': { ...themeToCssVars(themes.light), colorScheme: 'light' } };

/**
 * Inter once the first screen has painted: its CSS is then no stylesheet the first paint waits for, and its files
 * (four weights, ~100 KB) do not share the network with the start-up's scripts. The text shows in the system font
 * until then (`font-display: swap`), as it would anyway while the font downloads on a slow network.
 */
function WebFont() {
  useEffect(() => afterPaint(() => void import('./fonts').catch(() => {})), []);
  return null;
}

/** Renders the survey; a transition lets React render in 5 ms slices instead of one long task. */
export function mountSurvey(root: Root) {
  const { pathname } = window.location;
  const area = areaRouteFromPath(pathname);
  startTransition(() => {
    root.render(
      <StrictMode>
        <Global styles={rootVars} />
        <GlobalStyles />
        <WebFont />
        <Suspense fallback={null}>
          {document.getElementById('acompanha-offline') ? (
            <OfflineShell quizScheduleId={quizScheduleIdFromPath(pathname)} />
          ) : area ? (
            <AreaApp route={area} />
          ) : (
            <SurveyApp quizScheduleId={quizScheduleIdFromPath(pathname)} />
          )}
        </Suspense>
      </StrictMode>,
    );
  });
}
