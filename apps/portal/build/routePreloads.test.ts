import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routeImports } from './routePreloads';

const routesFile = fileURLToPath(new URL('../src/app/routes.tsx', import.meta.url));
const src = fileURLToPath(new URL('../src', import.meta.url));

describe('routeImports (the route table, read off its source)', () => {
  const routes = routeImports(routesFile);
  const of = (path: string) => routes.find((r) => r.path === path)?.modules.map((m) => m.replace(src, ''));

  it("gives a private screen its layout's modules and its own, loader apart included", () => {
    expect(of('/dashboard')).toEqual([
      '/app/PrivateLayout',
      '/features/dashboard/dashboardLoader',
      '/features/dashboard/DashboardPage',
    ]);
    expect(of('/clients/profile/:id')).toEqual(['/app/PrivateLayout', '/features/clients-profile/ClientProfilePage']);
  });

  it('follows a lazy screen named by a constant, and keeps optional parameters and the catch-all', () => {
    expect(of('/quiz-builder/:quizId')).toEqual(['/app/PrivateLayout', '/features/quiz-builder/QuizBuilderPage']);
    expect(of('/question-builder/:questionId?')).toEqual([
      '/app/PrivateLayout',
      '/features/question-builder/QuestionBuilderPage',
    ]);
    expect(of('/*')).toEqual(['/app/NotFoundPage']);
    expect(of('/print')).toEqual(['/features/answers/PrintPage']);
  });

  it('lists every screen of the table once (the visitor pages are sign-in.html’s, the index route has no screen)', () => {
    const paths = routes.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toContain('/clients');
    expect(paths.length).toBeGreaterThanOrEqual(28);
    expect(paths).not.toContain('/');
  });
});
