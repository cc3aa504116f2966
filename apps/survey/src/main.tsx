import '@acompanha/ui/fonts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { GlobalStyles, ThemeProvider } from '@acompanha/ui';
import { SurveyApp } from './SurveyApp';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider mode="light">
      <GlobalStyles />
      <SurveyApp />
    </ThemeProvider>
  </StrictMode>,
);
