import { describe, expect, it } from 'vitest';
import { quizScheduleIdFromPath } from './route';

describe('quizScheduleIdFromPath', () => {
  it.each([
    ['/quiz-survey/4f6a2c1e-8b3d-4e5f-9a60-7b8c9d0e1f20', '4f6a2c1e-8b3d-4e5f-9a60-7b8c9d0e1f20'],
    ['/quiz-survey/4f6a2c1e-8b3d-4e5f-9a60-7b8c9d0e1f20/', '4f6a2c1e-8b3d-4e5f-9a60-7b8c9d0e1f20'],
    ['/quiz-survey/', null],
    ['/quiz-survey/abc', null],
    ['/quiz-survey/4f6a2c1e-8b3d-4e5f-9a60-7b8c9d0e1f20/extra', null],
    ['/patients/4f6a2c1e-8b3d-4e5f-9a60-7b8c9d0e1f20', null],
  ])('%s → %s', (path, id) => {
    expect(quizScheduleIdFromPath(path)).toBe(id);
  });
});
