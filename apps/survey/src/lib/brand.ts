import { useEffect, useState } from 'react';
import type { SurveyBrand } from '@acompanha/api-client';
import type { SurveyFlowError } from '@acompanha/machines';
import { readBrand, writeBrand } from './storage';

/**
 * Who sent the link, for the screens before the PIN:
 * - `loading`: nothing known yet (a neutral skeleton, at most `timeoutMs`);
 * - `ready`: her presentation (fresh, or the one kept from an earlier visit while a fresh one loads);
 * - `unknown`: the server does not know the link (404): the default look says so;
 * - `unavailable`: offline or an error, nothing kept: the default look.
 */
export type BrandState =
  { status: 'loading' } | { status: 'ready'; brand: SurveyBrand } | { status: 'unknown' } | { status: 'unavailable' };

/**
 * The brand the server inlined in the page it served for this link (`#acompanha-brand`, see the API's
 * quiz-answer/page.ts): `undefined` when nothing is inlined (the dev server, or the API could not tell), `null`
 * for a link the server does not know.
 */
export function inlinedBrand(quizScheduleId: string): SurveyBrand | null | undefined {
  if (typeof document === 'undefined') return undefined;
  // Only for the link of this page (the script says which address it was served for).
  if (!window.location.pathname.replace(/\/+$/, '').endsWith(`/${quizScheduleId}`)) return undefined;
  const el = document.getElementById('acompanha-brand');
  if (!el?.textContent) return undefined;
  try {
    const value = JSON.parse(el.textContent) as unknown;
    if (value === null) return null;
    return value && typeof value === 'object' && typeof (value as SurveyBrand).professionalName === 'string'
      ? (value as SurveyBrand)
      : undefined;
  } catch {
    return undefined;
  }
}

export function useSurveyBrand(quizScheduleId: string, timeoutMs = 2500): BrandState {
  // Inlined by the server: known at the first render, so the PIN screen paints in her look with no round trip.
  const [inlined] = useState(() => inlinedBrand(quizScheduleId));
  const [state, setState] = useState<BrandState>(() => {
    if (inlined === null) return { status: 'unknown' };
    if (inlined) return { status: 'ready', brand: inlined };
    const kept = readBrand<SurveyBrand>(quizScheduleId);
    return kept ? { status: 'ready', brand: kept } : { status: 'loading' };
  });
  useEffect(() => {
    if (inlined !== undefined) {
      // Fresh from the server: kept for the next visit (offline too), no need to ask again.
      writeBrand(quizScheduleId, inlined);
      return;
    }
    let live = true;
    // A slow network does not keep the patient from her PIN: the default look after a moment.
    const timer = setTimeout(() => {
      if (live) setState((s) => (s.status === 'loading' ? { status: 'unavailable' } : s));
    }, timeoutMs);
    // Only without an inlined brand (the dev server): the API client is not part of the first screen.
    import('./api')
      .then(({ loadSurveyBrand }) => loadSurveyBrand(quizScheduleId))
      .then(
        (brand) => {
          writeBrand(quizScheduleId, brand);
          if (live) setState({ status: 'ready', brand });
        },
        (error: SurveyFlowError) => {
          const unknown = error?.status === 404;
          if (unknown) writeBrand(quizScheduleId, null);
          if (!live) return;
          setState((s) => (unknown ? { status: 'unknown' } : s.status === 'ready' ? s : { status: 'unavailable' }));
        },
      );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [quizScheduleId, timeoutMs, inlined]);
  return state;
}
