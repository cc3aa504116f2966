import { useEffect, useState } from 'react';
import type { SurveyBrand } from '@acompanha/api-client';
import type { SurveyFlowError } from '@acompanha/machines';
import { loadSurveyBrand } from './api';
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

export function useSurveyBrand(quizScheduleId: string, timeoutMs = 2500): BrandState {
  const [state, setState] = useState<BrandState>(() => {
    const kept = readBrand<SurveyBrand>(quizScheduleId);
    return kept ? { status: 'ready', brand: kept } : { status: 'loading' };
  });
  useEffect(() => {
    let live = true;
    // A slow network does not keep the patient from her PIN: the default look after a moment.
    const timer = setTimeout(() => {
      if (live) setState((s) => (s.status === 'loading' ? { status: 'unavailable' } : s));
    }, timeoutMs);
    loadSurveyBrand(quizScheduleId).then(
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
  }, [quizScheduleId, timeoutMs]);
  return state;
}
