// Inter (bundled, never from a CDN), Latin only: Portuguese needs nothing else, so the first screen
// parses a quarter of the font CSS of '@acompanha/ui/fonts' and can never fetch another subset.
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-500.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/inter/latin-700.css';

// The start-up runs as separate tasks (React, then the survey) rather than one long one: on a slow
// phone a long task delays the first tap. index.html preloads both chunks (see vite.config.ts), so
// splitting costs no round trip.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const { createRoot } = await import('react-dom/client');
await nextTask();
const { mountSurvey } = await import('./mount');
await nextTask();
mountSurvey(createRoot(document.getElementById('root')!));
