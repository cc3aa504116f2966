import { describe, expect, it } from 'vitest';
import { emptyDraft, keptDraft, restoreDraft } from './draft';
import { emptyFileDraft } from './fileDraft';

describe('keptDraft', () => {
  it('keeps nothing until something was given', () => {
    expect(keptDraft(emptyDraft)).toBeNull();
  });

  it('keeps what was given, never the picked file', () => {
    const file = { file: { name: 'almoco.png', size: 10, type: 'image/png' } as never, uploaded: null, progress: 40 };
    expect(keptDraft({ ...emptyDraft, text: 'Semana boa', file })).toEqual({
      choice: [],
      scale: null,
      likert: {},
      text: 'Semana boa',
      metric: null,
    });
    expect(keptDraft({ ...emptyDraft, file })).toBeNull();
  });
});

describe('restoreDraft', () => {
  it('gives back what keptDraft kept', () => {
    const draft = { ...emptyDraft, choice: ['a1'], scale: 4, likert: { s1: 'l2' }, text: 'Chocolate', metric: 72.5 };
    expect(restoreDraft(keptDraft(draft))).toEqual(draft);
  });

  it('takes only well-formed fields from whatever storage held', () => {
    expect(restoreDraft(null)).toEqual(emptyDraft);
    expect(
      restoreDraft({
        choice: [1, 2],
        scale: 'x',
        likert: { s1: 3 },
        text: 5,
        metric: Infinity,
        file: { uploaded: 'x' },
      }),
    ).toEqual(emptyDraft);
    expect(restoreDraft({ text: 'Só o texto' })).toEqual({ ...emptyDraft, text: 'Só o texto', file: emptyFileDraft });
  });
});
