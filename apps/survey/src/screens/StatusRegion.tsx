import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { SurveyFlowSnapshot } from '../lib/useSurveyFlow';

const StatusText = lazy(() => import('../answering/StatusText'));
/** Its code comes with the survey's screens (SurveyApp.tsx preloads it while the PIN is checked). */
export const loadStatusText = () => import('../answering/StatusText');

/** A status that could not load says nothing (the screens say what matters themselves). */
class Silent extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * The one live region of the survey (`role="status"`), there from the first paint so that what it says later is
 * announced. Before the survey has opened (the PIN, the opening) it has nothing to say; after, answering/StatusText.tsx
 * says it: saving, offline with answers kept, back online, starting.
 */
export function StatusRegion({ snapshot }: { snapshot: SurveyFlowSnapshot }) {
  return (
    <p role="status" css={{ margin: 0 }}>
      {snapshot.context.survey ? (
        <Silent>
          <Suspense fallback={null}>
            <StatusText snapshot={snapshot} />
          </Suspense>
        </Silent>
      ) : null}
    </p>
  );
}
