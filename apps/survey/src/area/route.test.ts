import { describe, expect, it } from 'vitest';
import { areaPath, areaRouteFromPath } from './route';

describe('client-area routes', () => {
  it('reads the public page, the sign-in and the corner', () => {
    expect(areaRouteFromPath('/p/ana-lima')).toEqual({ alias: 'ana-lima', screen: 'page' });
    expect(areaRouteFromPath('/p/Ana-Lima/')).toEqual({ alias: 'ana-lima', screen: 'page' });
    expect(areaRouteFromPath('/p/ana-lima/entrar')).toEqual({ alias: 'ana-lima', screen: 'login' });
    expect(areaRouteFromPath('/p/ana-lima/area')).toEqual({ alias: 'ana-lima', screen: 'corner' });
  });
  it('leaves other addresses to the survey', () => {
    for (const p of ['/quiz-survey/abc', '/p/', '/p/ana/outra', '/p/ana lima', '/x/ana']) {
      expect(areaRouteFromPath(p), p).toBeNull();
    }
  });
  it('builds the addresses back', () => {
    expect([areaPath('ana'), areaPath('ana', 'login'), areaPath('ana', 'corner')]).toEqual([
      '/p/ana',
      '/p/ana/entrar',
      '/p/ana/area',
    ]);
  });
});
