import { show } from './app/root';
import { startApp } from './app/startApp';

// index.html: every address but the visitor's pages (signIn.tsx starts those; see app/visitorPages.ts).
show(startApp());
