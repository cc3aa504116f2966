import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getMeOptions, getMeQueryKey, markTutorialSeenMutation, type Professional } from '@acompanha/api-client';
import { store, usePersisted } from '../../app/store';
import { firstNameOf } from './firstName';

// Loaded when it opens: the layout's first paint does not wait for the steps.
const TutorialModal = lazy(() => import('./TutorialModal').then((m) => ({ default: m.TutorialModal })));

export const DASHBOARD_PATH = '/dashboard';

interface TutorialContextValue {
  /** "Rever tutorial": opens it again without touching the account's flag. */
  openTutorial: () => void;
}

const TutorialContext = createContext<TutorialContextValue>({ openTutorial: () => undefined });

export const useTutorial = () => useContext(TutorialContext);

/**
 * The first-run tutorial, in the private layout. It opens by itself while the account has not seen it: the
 * session says `tutorialSeenAt: null` and the server agrees (she may have seen it on another device since
 * this session began). Finishing or skipping marks it on the server, so it never opens again for her, and
 * also marks the news seen: a new account has no news to catch up on.
 */
export function TutorialProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const professional = usePersisted((s) => s.session.professional);
  // A session stored before the flag existed has no `tutorialSeenAt`: only an explicit null opens it.
  const unseen = professional?.tutorialSeenAt === null;
  const me = useQuery({ ...getMeOptions(), enabled: unseen });
  const serverSaysSeen = !!me.data && me.data.id === professional?.id && me.data.tutorialSeenAt !== null;
  useEffect(() => {
    if (unseen && serverSaysSeen && me.data) store.setProfessional(me.data);
  }, [unseen, serverSaysSeen, me.data]);
  const isFirstRun = unseen && me.data?.id === professional?.id && me.data?.tutorialSeenAt === null;
  const [isReplaying, setReplaying] = useState(false);

  const remember = useCallback(
    (next: Professional) => {
      store.setProfessional(next);
      queryClient.setQueryData(getMeQueryKey(), next);
    },
    [queryClient],
  );
  const mark = useMutation({ ...markTutorialSeenMutation(), onSuccess: remember });

  function close(outcome: 'completed' | 'skipped') {
    if (isReplaying) setReplaying(false);
    else if (isFirstRun && professional) {
      // Closed at once; the server's answer (which keeps an earlier time) replaces this one.
      remember({ ...professional, tutorialSeenAt: new Date().toISOString() });
      store.setNewsSeen(true);
      mark.mutate({ body: { outcome } });
    }
    if (outcome === 'completed') navigate(DASHBOARD_PATH);
  }

  const value = useMemo(() => ({ openTutorial: () => setReplaying(true) }), []);

  return (
    <TutorialContext.Provider value={value}>
      {children}
      {(isFirstRun || isReplaying) && (
        <Suspense fallback={null}>
          <TutorialModal
            firstName={firstNameOf(professional?.name)}
            onSkip={() => close('skipped')}
            onFinish={() => close('completed')}
          />
        </Suspense>
      )}
    </TutorialContext.Provider>
  );
}
