import { describe, expect, it } from 'vitest';
import { draftOfValue, emptyDraft, keptDraft, restoreDraft } from './draft';
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

describe('draftOfValue', () => {
  it('shows a saved answer as it was given, for every type', () => {
    expect(draftOfValue(null)).toEqual(emptyDraft);
    expect(draftOfValue({ type: 'multiple-choice', alternativeIds: ['a'] }).choice).toEqual(['a']);
    expect(draftOfValue({ type: 'linear-scale', value: 7 }).scale).toBe(7);
    expect(draftOfValue({ type: 'likert-scale', levels: { s1: '2' } }).likert).toEqual({ s1: '2' });
    expect(draftOfValue({ type: 'free-field', text: 'Banana' }).text).toBe('Banana');
    expect(draftOfValue({ type: 'metrics', value: 72.5 }).metric).toBe(72.5);
    const file = { key: 'k', name: 'almoco.jpg', contentType: 'image/jpeg', size: 10 };
    expect(draftOfValue({ type: 'file-upload', files: [file] }).file).toEqual({
      file: { name: 'almoco.jpg', size: 10, type: 'image/jpeg' },
      uploaded: file,
      progress: 100,
    });
  });
});
