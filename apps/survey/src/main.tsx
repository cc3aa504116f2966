// The start-up, sized for a cheap phone on a slow network (`pnpm bench:lighthouse`, `pnpm bench:bundle`):
// - the first screen (the PIN, in the professional's look inlined in the page) needs React and the survey's
//   screens only: index.html preloads those chunks (see vite.config.ts) and nothing else blocks its paint;
// - it runs as separate tasks (React, then the survey) rather than one long one: on a slow phone a long task
//   delays the first tap; the preloads mean splitting costs no round trip;
// - what the first paint does not need comes after it: the flow machine with xstate and the API client
//   (lib/useSurveyFlow.ts; at once for a patient coming back with a kept token) and the Inter web font
//   (mount.tsx; the first paint uses the system font, as it would anyway while the font downloads).
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const { createRoot } = await import('react-dom/client');
await nextTask();
const { mountSurvey } = await import('./mount');
await nextTask();
mountSurvey(createRoot(document.getElementById('root')!));

// A module (for the top-level await).
export {};
