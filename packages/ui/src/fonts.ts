// Inter is bundled with the app (never fetched from a CDN). Import once at the app's entry:
// `import '@acompanha/ui/fonts'`.
import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
