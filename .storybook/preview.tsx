import type { Decorator, Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { configure } from 'storybook/test';
import '../packages/ui/src/fonts';
import { describeUnlabeledCardCells, GlobalStyles, ThemeProvider, ToastRegion, toastQueue } from '../packages/ui/src';

// Screens load lazily and answer through MSW; on a busy 2-core CI machine the first render of a
// screen can take more than testing-library's default second, so `findBy*` waits up to 5 s.
configure({ asyncUtilTimeout: 5000 });

const withTheme: Decorator = (Story, context) => {
  const mode = context.globals.colorMode === 'dark' ? 'dark' : 'light';
  return (
    <ThemeProvider mode={mode}>
      <GlobalStyles />
      <Story />
      <ToastRegion />
    </ThemeProvider>
  );
};

const preview: Preview = {
  tags: ['autodocs'],
  // msw-storybook-addon 3: `mswLoader()` starts the worker once (there is no `initialize()` any more),
  // applies `parameters.msw.handlers` per story and exposes the worker as `context.msw`, so stories
  // can also override handlers in `beforeEach({ msw })`.
  loaders: [mswLoader()],
  decorators: [withTheme],
  // The story tests share one page (Vitest `isolate: false`), so app-wide singletons start clean for
  // every story: error toasts stay until dismissed and would pile up from earlier stories.
  beforeEach: () => {
    toastQueue.clear();
  },
  // Every value in a phone card has its label: a story that renders a reflowed table with a bare cell fails
  // (dialogs render outside the canvas, so the whole page is read). `parameters.cardLabelCheck: false` opts out.
  afterEach: ({ parameters }) => {
    if (parameters.cardLabelCheck === false) return;
    const problem = describeUnlabeledCardCells(document.body);
    if (problem) throw new Error(problem);
  },
  initialGlobals: { colorMode: 'light' },
  globalTypes: {
    colorMode: {
      description: 'Modo de cor (tema)',
      toolbar: {
        title: 'Tema',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Claro', icon: 'sun' },
          { value: 'dark', title: 'Escuro', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Accessibility violations fail the story test (Vitest + the test widget).
    a11y: {
      test: 'error',
      // React Aria's hidden live announcer points at the button it announced (isPending); once a
      // screen navigates away that button is gone. The region is not content, so axe skips it.
      context: { exclude: ['[data-live-announcer]'] },
    },
  },
};

export default preview;
