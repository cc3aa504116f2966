/**
 * The sentences written in the API's own source: every string and template literal of `apps/api/src`
 * (templates as patterns, a substitution matching anything). A message that is none of these, nor one of
 * the validation catalogue's (`errors/validation-messages.ts`), came from a library.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { isCatalogueSentence } from '../../src/errors/validation-messages.js';

const SRC = path.resolve(import.meta.dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function collect(): { literals: Set<string>; templates: RegExp[] } {
  const literals = new Set<string>();
  const templates: RegExp[] = [];
  for (const file of sourceFiles(SRC)) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    const visit = (node: ts.Node) => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literals.add(node.text);
      else if (ts.isTemplateExpression(node)) {
        const fixed = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)];
        // A template that is mostly substitutions (`${label}: ${rule}`) would match any text: not a sentence.
        if ((fixed.join('').match(/\p{L}/gu) ?? []).length >= 8) {
          const parts = [escape(node.head.text), ...node.templateSpans.map((s) => `.+${escape(s.literal.text)}`)];
          templates.push(new RegExp(`^${parts.join('')}$`, 's'));
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { literals, templates };
}

let own: ReturnType<typeof collect> | undefined;

/** Where a message comes from: the validation catalogue, our own source, or (null) somewhere else. */
export function sentenceOrigin(message: string): 'catalogue' | 'source' | null {
  if (isCatalogueSentence(message)) return 'catalogue';
  own ??= collect();
  if (own.literals.has(message) || own.templates.some((t) => t.test(message))) return 'source';
  return null;
}
