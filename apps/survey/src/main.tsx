// The start-up, sized for a cheap phone on a slow network (`pnpm bench:lighthouse`, `pnpm bench:bundle`):
// - the first screen (the PIN, in the professional's look inlined in the page) needs React and the survey's
//   first screens only, and they come as one file, this entry (see vite.config.ts): no other request, no
//   stylesheet and no web font stands between the page and its first paint;
// - what the first paint does not need comes after it: the flow machine with xstate (lib/useSurveyFlow.ts; at
//   once for a patient coming back with a kept token), the Inter web font (mount.tsx; until then the system
//   font, as anyway while the font downloads), each later screen;
// - React renders the first screen in a transition, in short slices rather than one long task (mount.tsx).
import { createRoot } from 'react-dom/client';
import { mountSurvey } from './mount';

mountSurvey(createRoot(document.getElementById('root')!));
