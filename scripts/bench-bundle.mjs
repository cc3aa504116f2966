// `pnpm bench:bundle`: initial gzip JS of
//   - a bare React 19 page (the baseline),
//   - a page that imports only the survey pieces of packages/ui,
//   - the survey app as built for production,
//   - the portal as built for production: its sign-in page (`/login`: sign-in.html, the visitor's light start),
//     and a signed-in first visit to `/dashboard` (index.html's start, and the screen, the private layout and the
//     loaders the router then loads),
// all built the same way (Vite production build, same plugins), and the ratios to the baseline.
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { gzipSync } from 'node:zlib';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
// Inside packages/ui so the pages resolve react, react-dom and @emotion/react from its node_modules.
const work = join(root, 'packages/ui/node_modules/.bench-bundle');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });

// The pieces the survey app renders; names that do not exist yet are reported and left out.
const SURVEY_PIECES = [
  'ThemeProvider',
  'GlobalStyles',
  'PinInput',
  'QuestionFrame',
  'MultipleChoiceAnswer',
  'LinearScaleAnswer',
  'LikertScaleAnswer',
  'FreeFieldAnswer',
  'FileUploadAnswer',
  'MetricsAnswer',
  'FolderScreen',
  'QuizAppearanceProvider',
  'ClientAreaThemeProvider',
  'ClientAreaFolder',
];

/**
 * Sums gzip sizes of the entry chunk, every chunk it imports statically, and every chunk index.html
 * preloads (`<link rel="modulepreload">`: an app that starts in stages with `import()` still needs
 * those for its first screen) with their static imports: what the first paint needs.
 */
function initialGzip(output, { page = 'index.html', route, routes = {} } = {}) {
  const chunks = new Map(output.filter((o) => o.type === 'chunk').map((c) => [c.fileName, c]));
  const entry = [...chunks.values()].find((c) => c.isEntry && (c.facadeModuleId ?? '').endsWith(`/${page}`));
  if (!entry) throw new Error(`no entry for ${page}`);
  const seen = new Set();
  const visit = (name) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const dep of chunks.get(name)?.imports ?? []) visit(dep);
  };
  visit(entry.fileName);
  const html = output.find((o) => o.type === 'asset' && o.fileName === page);
  const source = html ? String(html.source) : '';
  for (const [, href] of source.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)) {
    const name = [...chunks.keys()].find((f) => href.endsWith(`/${f}`));
    if (name) visit(name);
  }
  const sum = (names) => {
    let raw = 0;
    let gz = 0;
    for (const name of names) {
      const code = chunks.get(name).code;
      raw += Buffer.byteLength(code);
      gz += gzipSync(code, { level: 9 }).length;
    }
    return { raw, gz, chunks: names.size };
  };
  const initial = sum(seen);
  const initialNames = new Set(seen);
  // A lazy route's screen: its chunk and what it imports statically, beyond the initial chunks (the router
  // imports it once the entry runs).
  const screenOf = (test) => {
    const screen = [...chunks.values()].find((c) => Object.keys(c.modules).some((id) => test.test(id)));
    if (!screen) throw new Error(`no chunk for ${test}`);
    seen.clear();
    initialNames.forEach((name) => seen.add(name));
    visit(screen.fileName);
    return sum(new Set([...seen].filter((name) => !initialNames.has(name))));
  };
  return {
    ...initial,
    ...(route ? { route: screenOf(route) } : {}),
    screens: Object.fromEntries(Object.entries(routes).map(([name, test]) => [name, screenOf(test)])),
  };
}

async function buildPage(name, source, jsxImportSource = '@emotion/react') {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="pt-BR"><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>',
  );
  writeFileSync(join(dir, 'main.tsx'), source);
  // The same plugins the apps use: React, and React Aria's strings for pt-BR only.
  return buildDir(dir, { plugins: [react({ jsxImportSource }), optimizeLocales.vite({ locales: ['pt-BR'] })] });
}

async function buildDir(dir, extra = {}, ...measures) {
  const result = await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins: [react({ jsxImportSource: '@emotion/react' })],
    build: { write: false, minify: true, modulePreload: { polyfill: false } },
    ...extra,
  });
  const outputs = Array.isArray(result) ? result.flatMap((r) => r.output) : result.output;
  const figures = (measures.length ? measures : [{}]).map((measure) => initialGzip(outputs, measure));
  return figures.length === 1 ? figures[0] : figures;
}

// Export names found in the package's source (importing it in Node would need its JSX settings).
const exported = new Set();
for (const file of readdirSync(join(root, 'packages/ui/src'), { recursive: true })) {
  if (!/\.tsx?$/.test(file) || /\.(stories|test)\./.test(file)) continue;
  const text = readFileSync(join(root, 'packages/ui/src', file), 'utf8');
  for (const m of text.matchAll(/^export (?:function|const|class) (\w+)/gm)) exported.add(m[1]);
}
const available = SURVEY_PIECES.filter((n) => exported.has(n));
const missing = SURVEY_PIECES.filter((n) => !available.includes(n));

const bare = await buildPage(
  'bare',
  `import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')!).render(<h1>Olá</h1>);\n`,
  // The baseline is plain React (no Emotion), so the pieces' figure includes Emotion itself.
  'react',
);
const pieces = await buildPage(
  'survey-pieces',
  `import { createRoot } from 'react-dom/client';\nimport { ${available.join(', ')} } from '${join(root, 'packages/ui/src/index.ts')}';\n` +
    `const used = [${available.join(', ')}];\ncreateRoot(document.getElementById('root')!).render(<h1>{used.length}</h1>);\n`,
);
const survey = await buildDir(join(root, 'apps/survey'), {
  configFile: join(root, 'apps/survey/vite.config.ts'),
  plugins: [],
});

// The portal, built once: the sign-in page (sign-in.html, which the API serves at /login: the visitor's light start,
// the sign-in screen in it), and index.html's start with the dashboard's screen, layout and loaders.
const [signInPage, portal] = await buildDir(
  join(root, 'apps/portal'),
  { configFile: join(root, 'apps/portal/vite.config.ts'), plugins: [] },
  { page: 'sign-in.html' },
  { routes: { dashboard: /apps[\\/]portal[\\/]src[\\/]features[\\/]dashboard[\\/]DashboardPage\.tsx$/ } },
);

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const chunks = (n) => `${n} chunk${n === 1 ? '' : 's'}`;
console.log('Initial JS (gzip -9), Vite production build');
console.log(`  bare React 19 page      ${kb(bare.gz).padStart(9)}`);
console.log(
  `  survey pieces page      ${kb(pieces.gz).padStart(9)}   +${kb(pieces.gz - bare.gz)} over bare (goal: ≤ +45 KB)`,
);
console.log(
  `  survey app              ${kb(survey.gz).padStart(9)}   ${(survey.gz / bare.gz).toFixed(2)}× bare (goal: ≤ 1.3×; ${chunks(survey.chunks)}: entry + preloaded)`,
);
// The goal is the sign-in page's whole first load: its entry and what it preloads (the sign-in screen is in them).
console.log(
  `  portal sign-in page     ${kb(signInPage.gz).padStart(9)}   ${(signInPage.gz / bare.gz).toFixed(2)}× bare (goal: ≤ 2.0×; ${chunks(signInPage.chunks)}: sign-in.html's entry + preloaded)`,
);
console.log(
  `  portal dashboard        ${kb(portal.gz + portal.screens.dashboard.gz).padStart(9)}   ${((portal.gz + portal.screens.dashboard.gz) / bare.gz).toFixed(2)}× bare (a signed-in first visit: index.html's ${kb(portal.gz)} in ${chunks(portal.chunks)}, and ${kb(portal.screens.dashboard.gz)} in ${chunks(portal.screens.dashboard.chunks)} the router loads for /dashboard)`,
);
console.log(`  pieces measured: ${available.join(', ')}`);
if (missing.length) console.log(`  not in packages/ui yet: ${missing.join(', ')}`);
rmSync(work, { recursive: true, force: true });
