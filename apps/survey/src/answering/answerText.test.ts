import { describe, expect, it } from 'vitest';
import { answerLines } from './answerText';

describe('answerLines', () => {
  it('reads each answer type as the patient gave it', () => {
    const choice = {
      type: 'multiple-choice' as const,
      config: {
        alternatives: [
          { id: 'b', label: 'Não', order: 1 },
          { id: 'a', label: 'Sim', order: 0 },
        ],
      },
    };
    expect(answerLines(choice, { type: 'multiple-choice', alternativeIds: ['b', 'a'] })).toEqual(['Sim', 'Não']);
    expect(
      answerLines({ type: 'linear-scale', config: { min: 0, max: 10 } }, { type: 'linear-scale', value: 7 }),
    ).toEqual(['7 de 10']);
    expect(
      answerLines(
        { type: 'likert-scale', config: { statements: [{ id: 's1', text: 'Dormi bem' }], levels: [] } },
        { type: 'likert-scale', levels: { s1: '4' } },
      ),
    ).toEqual(['Dormi bem: Concordo']);
    expect(answerLines({ type: 'free-field', config: {} }, { type: 'free-field', text: 'Banana' })).toEqual(['Banana']);
    expect(
      answerLines({ type: 'metrics', config: { unit: 'kg', decimals: 1 } }, { type: 'metrics', value: 72.5 }),
    ).toEqual(['72,5 kg']);
    expect(
      answerLines(
        { type: 'file-upload', config: {} },
        { type: 'file-upload', files: [{ key: 'k', name: 'almoco.jpg', contentType: 'image/jpeg', size: 1 }] },
      ),
    ).toEqual(['almoco.jpg']);
  });
});
