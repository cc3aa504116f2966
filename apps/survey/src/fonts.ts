// Inter (bundled, never from a CDN), Latin only: Portuguese needs nothing else, so the app parses a quarter of
// the font CSS of '@acompanha/ui/fonts' and can never fetch another subset. Loaded by mount.tsx once the first
// screen has painted (see there).
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-500.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/inter/latin-700.css';
