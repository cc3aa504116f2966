import { afterEach, describe, expect, it, vi } from 'vitest';
import { inlinedBrand } from './brand';

const ID = '5f7b6ac3-609c-4338-ab5a-f915d32129dc';

/** The page as the API serves it: `#acompanha-brand` holding `text` (or no element at all). */
function page(pathname: string, text: string | null) {
  vi.stubGlobal('window', { location: { pathname } });
  vi.stubGlobal('document', {
    getElementById: (id: string) => (id === 'acompanha-brand' && text !== null ? { textContent: text } : null),
  });
}

describe('inlinedBrand', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the brand the server inlined for this link', () => {
    page(`/quiz-survey/${ID}`, '{"professionalName":"Ana \\u003cLima\\u003e","subtitle":"Nutricionista"}');
    expect(inlinedBrand(ID)).toEqual({ professionalName: 'Ana <Lima>', subtitle: 'Nutricionista' });
  });

  it('null for a link the server does not know', () => {
    page(`/quiz-survey/${ID}/`, 'null');
    expect(inlinedBrand(ID)).toBeNull();
  });

  it('nothing when nothing (or something unexpected) is inlined, or for another link', () => {
    page(`/quiz-survey/${ID}`, null);
    expect(inlinedBrand(ID)).toBeUndefined();
    page(`/quiz-survey/${ID}`, '{not json');
    expect(inlinedBrand(ID)).toBeUndefined();
    page(`/quiz-survey/${ID}`, '{"name":1}');
    expect(inlinedBrand(ID)).toBeUndefined();
    page('/quiz-survey/00000000-0000-4000-8000-000000000000', '{"professionalName":"Ana"}');
    expect(inlinedBrand(ID)).toBeUndefined();
  });
});
