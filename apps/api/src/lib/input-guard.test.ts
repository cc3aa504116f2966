import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONTROL_CHARACTER_RULE, controlCharacterIssues, LINE_BREAK_RULE, multiline } from './input-guard.js';

const Body = z
  .object({
    name: z.string().max(10),
    notes: multiline(z.string().max(100)).nullable().optional(),
    tags: z.array(z.string().max(10)).max(5).optional(),
    answer: z
      .discriminatedUnion('type', [
        z.object({ type: z.literal('free-field'), text: multiline(z.string()) }),
        z.object({ type: z.literal('metrics'), value: z.number() }),
      ])
      .optional(),
    extra: z.unknown().optional(),
  })
  .strict();

describe('controlCharacterIssues', () => {
  it('passes ordinary text, accents and emoji', () => {
    expect(
      controlCharacterIssues(Body, { name: 'Ana Júlia 🍎', notes: 'linha 1\nlinha 2\tcom tab', tags: ['a'] }),
    ).toEqual([]);
  });

  it('refuses NUL and other control characters anywhere, with the field path', () => {
    expect(controlCharacterIssues(Body, { name: 'a\u0000b' })).toEqual([
      { path: ['name'], message: `Nome: ${CONTROL_CHARACTER_RULE}` },
    ]);
    expect(controlCharacterIssues(Body, { name: 'a', tags: ['ok', 'x\u001b[31m'] })).toEqual([
      { path: ['tags', '1'], message: `Etiquetas (item 2): ${CONTROL_CHARACTER_RULE}` },
    ]);
    expect(controlCharacterIssues(Body, { name: 'a', notes: 'fim\u0000' })).toEqual([
      { path: ['notes'], message: `Observações: ${CONTROL_CHARACTER_RULE}` },
    ]);
    expect(controlCharacterIssues(Body, { name: 'a', extra: { deep: ['\u0007'] } })).toEqual([
      { path: ['extra', 'deep', '0'], message: `deep (item 1): ${CONTROL_CHARACTER_RULE}` },
    ]);
    expect(controlCharacterIssues(Body, { name: 'a', ['unknown\u0000']: 1 })).toHaveLength(1);
    // Keys named like Object's own properties are unknown fields, not schemas.
    expect(
      controlCharacterIssues(Body, JSON.parse('{"name":"a","constructor":"x\\u0000","__proto__":{"toString":"y"}}')),
    ).toHaveLength(1);
  });

  it('allows line breaks and tab only in multi-line text', () => {
    expect(controlCharacterIssues(Body, { name: 'linha\nquebrada' })).toEqual([
      { path: ['name'], message: `Nome: ${LINE_BREAK_RULE}` },
    ]);
    expect(controlCharacterIssues(Body, { name: 'separador\u2028' })).toEqual([
      { path: ['name'], message: `Nome: ${CONTROL_CHARACTER_RULE}` },
    ]);
    expect(
      controlCharacterIssues(Body, { name: 'a', answer: { type: 'free-field', text: 'Semana boa.\nDormi bem.' } }),
    ).toEqual([]);
    expect(controlCharacterIssues(Body, { name: 'a', answer: { type: 'free-field', text: 'x\u0000' } })).not.toEqual(
      [],
    );
  });

  it('checks query strings and path parameters the same way', () => {
    const Query = z.object({
      nameTerm: z.string().max(100).optional(),
      take: z.coerce.number().int().max(100).optional(),
    });
    expect(controlCharacterIssues(Query, { nameTerm: '\u0000', take: '20' })).toEqual([
      { path: ['nameTerm'], message: `Busca por nome: ${CONTROL_CHARACTER_RULE}` },
    ]);
    expect(controlCharacterIssues(Query, { take: '2\u00000' })).toHaveLength(1);
  });
});

describe('a multi-line field described after multiline()', () => {
  it('keeps its line breaks (.meta() clones the schema; the mark stays)', () => {
    const Described = z.object({ body: multiline(z.string().max(100)).meta({ description: 'The text.' }) });
    expect(controlCharacterIssues(Described, { body: 'one\ntwo\tthree' })).toEqual([]);
    expect(controlCharacterIssues(Described, { body: 'a\u0000b' }).map((i) => i.message)).toEqual([
      `Texto: ${CONTROL_CHARACTER_RULE}`,
    ]);
  });
});
