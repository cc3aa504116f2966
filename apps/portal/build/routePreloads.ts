// What the portal's build tells the API about each address's screen (dist/pages.json, "preload"): the chunks the
// screen's lazy route imports, so that index.html, served at that address, preloads them beside the start instead
// of React Router asking for them once the start has run (a signed-in first visit to /dashboard: 80 → 90 in
// `pnpm bench:lighthouse`). Read off the route table's source (src/app/routes.tsx), so it cannot drift from it.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';
import type { Rollup } from 'vite';

export interface RouteImports {
  /** The address pattern, as React Router reads it ('/clients/profile/:id', '/question-builder/:questionId?'). */
  path: string;
  /** Absolute paths (without extension) of the modules its `lazy` imports, its layouts' first. */
  modules: string[];
}

/** Each route of `createRoutes` in `file` with a path and a lazy screen, with what its `lazy` imports. */
export function routeImports(file: string): RouteImports[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const consts = new Map<string, ts.Expression>();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const d of statement.declarationList.declarations)
      if (ts.isIdentifier(d.name) && d.initializer) consts.set(d.name.text, d.initializer);
  }
  /** The `import('…')` specifiers in `node`, following a top-level const it names (`lazy: quizBuilder`). */
  const importsIn = (node: ts.Node): string[] => {
    if (ts.isIdentifier(node) && consts.has(node.text)) return importsIn(consts.get(node.text)!);
    const found: string[] = [];
    const walk = (n: ts.Node) => {
      if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [arg] = n.arguments;
        if (arg && ts.isStringLiteral(arg)) found.push(resolve(dirname(file), arg.text));
      }
      ts.forEachChild(n, walk);
    };
    walk(node);
    return found;
  };
  const property = (object: ts.ObjectLiteralExpression, name: string) =>
    object.properties.find(
      (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name,
    )?.initializer;

  const routes: RouteImports[] = [];
  const visit = (node: ts.Expression, prefix: string, inherited: string[]) => {
    if (!ts.isObjectLiteralExpression(node)) return;
    const path = property(node, 'path');
    const full =
      path && ts.isStringLiteral(path) ? `${prefix.replace(/\/$/, '')}/${path.text}`.replace(/\/+/g, '/') : prefix;
    const lazy = property(node, 'lazy');
    const modules = [...inherited, ...(lazy ? importsIn(lazy) : [])];
    const isIndex = property(node, 'index')?.kind === ts.SyntaxKind.TrueKeyword;
    if ((path || isIndex) && lazy) routes.push({ path: full, modules });
    const children = property(node, 'children');
    if (children && ts.isArrayLiteralExpression(children))
      for (const child of children.elements) visit(child, full, modules);
  };
  let table = consts.get('createRoutes');
  while (table && (ts.isArrowFunction(table) || ts.isParenthesizedExpression(table)))
    table = ts.isArrowFunction(table) ? (table.body as ts.Expression) : table.expression;
  if (!table || !ts.isArrayLiteralExpression(table)) throw new Error(`${file}: createRoutes is not an array of routes`);
  for (const route of table.elements) visit(route, '/', []);
  return routes;
}

/**
 * For each route: its modules' chunks and what they import, less what `page` already loads (its entry, its
 * imports, its `modulepreload`s), as URLs under `base`. Routes with nothing left are left out.
 */
export function routePreloads(
  routes: RouteImports[],
  bundle: Rollup.OutputBundle,
  page: string,
  base = '/',
): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (files: string[], into = new Set<string>()) => {
    const add = (file: string) => {
      if (into.has(file)) return;
      into.add(file);
      for (const dep of byFile.get(file)?.imports ?? []) add(dep);
    };
    files.forEach(add);
    return into;
  };
  const html = bundle[page];
  const preloaded =
    html?.type === 'asset' ? [...String(html.source).matchAll(/href="\/([^"]+\.js)"/g)].map((m) => m[1]!) : [];
  const entry = chunks.find((c) => c.isEntry && (c.facadeModuleId ?? '').endsWith(`/${page}`));
  const started = closure([...(entry ? [entry.fileName] : []), ...preloaded]);
  const chunkOf = (module: string) =>
    chunks.find((c) => Object.keys(c.modules).some((id) => id.replace(/\.[cm]?[jt]sx?$/, '') === module));
  const result: Record<string, string[]> = {};
  for (const route of routes) {
    const files = route.modules.flatMap((m) => chunkOf(m)?.fileName ?? []);
    const needed = [...closure(files)].filter((f) => !started.has(f));
    if (needed.length) result[route.path] = needed.map((f) => `${base}${f}`);
  }
  return result;
}
