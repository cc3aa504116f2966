import { lazy, Suspense, useState } from 'react';
import { IconButton } from '@acompanha/ui';
import { store, usePersisted } from '../../app/store';

const NewsDialog = lazy(() => import('./NewsDialog').then((m) => ({ default: m.NewsDialog })));

function SparklesIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    >
      <path d="M10 3.5 11.8 8.2 16.5 10 11.8 11.8 10 16.5 8.2 11.8 3.5 10 8.2 8.2Z" />
      <path d="M18 14.5 18.9 16.6 21 17.5 18.9 18.4 18 20.5 17.1 18.4 15 17.5 17.1 16.6Z" />
    </svg>
  );
}

/** The top bar's "Novidades": a dot until she opens it once; the dialog lists what is new. */
export function NewsButton() {
  const newsSeen = usePersisted((s) => s.newsSeen);
  const [isOpen, setOpen] = useState(false);
  // Kept once opened, so closing plays the modal's exit.
  const [wasOpened, setWasOpened] = useState(false);
  return (
    <>
      <span css={{ position: 'relative', display: 'inline-flex' }}>
        <IconButton
          aria-label={newsSeen ? 'Novidades' : 'Novidades: há itens novos'}
          icon={<SparklesIcon />}
          onPress={() => {
            setOpen(true);
            setWasOpened(true);
            store.setNewsSeen(true);
          }}
        />
        {!newsSeen && (
          <span
            aria-hidden="true"
            data-testid="news-dot"
            css={{
              position: 'absolute',
              top: 6,
              right: 6,
              width: 10,
              height: 10,
              borderRadius: 'var(--radius-full)',
              background: 'var(--color-danger-bg)',
              border: '2px solid var(--color-surface)',
              pointerEvents: 'none',
            }}
          />
        )}
      </span>
      {/* Loaded on the first opening: the top bar's first paint does not wait for the list. */}
      {wasOpened && (
        <Suspense fallback={null}>
          <NewsDialog isOpen={isOpen} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
