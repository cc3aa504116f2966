/**
 * The API's areas (`src/<area>/`) form layers: no two areas import each other. ESLint's `import-x/no-cycle`
 * catches cycles of files, but two areas can lean on each other without one (`events/dispatcher.ts` →
 * `notifications/types.ts` → `events/catalog.ts` is no file cycle), so this reads the import graph by area.
 * A pair that truly must stay goes in ALLOWED with the reason; today there is none.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.join(import.meta.dirname, '../src');

/** `a <-> b` (alphabetical) → why the two must import each other. */
const ALLOWED: Record<string, string> = {};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The area of a file under src (its first folder); files at the root (app.ts, main.ts…) compose the areas. */
const areaOf = (file: string): string | null => {
  const parts = path.relative(SRC, file).split(path.sep);
  return parts.length > 1 && parts[0] !== '..' ? parts[0]! : null;
};

/** Every area each area imports (static, type-only, re-exports and dynamic imports alike), with one file each. */
function areaGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(SRC)) {
    const from = areaOf(file);
    if (!from) continue;
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const to = areaOf(path.resolve(path.dirname(file), fileName));
      if (!to || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      if (!edges.has(to)) edges.set(to, `${path.relative(SRC, file)} → ${fileName}`);
      graph.set(from, edges);
    }
  }
  return graph;
}

describe('API areas', () => {
  it('reads a graph (the check sees the areas it guards)', () => {
    const graph = areaGraph();
    expect(graph.get('notifications')?.has('events')).toBe(true);
    expect(graph.get('webhook')?.has('events')).toBe(true);
  });

  it('no two areas import each other', () => {
    const graph = areaGraph();
    const pairs: string[] = [];
    for (const [a, edges] of graph) {
      for (const [b, where] of edges) {
        const back = graph.get(b)?.get(a);
        if (a < b && back && !ALLOWED[`${a} <-> ${b}`]) pairs.push(`${a} <-> ${b}: ${where}; ${back}`);
      }
    }
    expect(pairs, 'move the type or the lookup down to the area that owns it, or register from above').toEqual([]);
  });

  it('the allow-list names only pairs that still exist', () => {
    const graph = areaGraph();
    for (const pair of Object.keys(ALLOWED)) {
      const [a, b] = pair.split(' <-> ') as [string, string];
      expect(graph.get(a)?.has(b) && graph.get(b)?.has(a), pair).toBe(true);
    }
  });
});
