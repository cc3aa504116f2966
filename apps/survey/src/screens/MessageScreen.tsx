import { useEffect, useState, type ReactNode } from 'react';
import { useFocusHeading } from '../lib/focus';
import { IconCheck, IconClock, IconInfo, IconLock, IconOffline, SpinnerIcon } from './icons';
import { messageScreen, primaryButton } from './styles';

const icons = { check: IconCheck, info: IconInfo, lock: IconLock, offline: IconOffline, clock: IconClock } as const;

export interface MessageScreenProps {
  title: string;
  children?: ReactNode;
  /** A drawn icon, or `busy` for a spinner (the screen is then announced as busy). */
  icon: keyof typeof icons | 'busy';
  /** One button under the text. */
  action?: { label: string; onPress: () => void };
}

/** A whole-screen message in the quiz's appearance: loading, locked, thanks, nothing to answer, errors. */
export function MessageScreen({ title, children, icon, action }: MessageScreenProps) {
  const ref = useFocusHeading<HTMLElement>(title);
  const Icon = icon === 'busy' ? null : icons[icon];
  return (
    <section ref={ref} css={messageScreen} aria-labelledby="message-title" aria-busy={icon === 'busy' || undefined}>
      <span className="screen-icon">{Icon ? <Icon /> : <SpinnerIcon size={28} />}</span>
      <h1 id="message-title">{title}</h1>
      {children}
      {action && (
        <div className="screen-actions">
          <button type="button" css={primaryButton} onClick={action.onPress}>
            {action.label}
          </button>
        </div>
      )}
    </section>
  );
}

/**
 * 'Abrindo o questionário…', shown only when opening takes more than a moment: on a good connection
 * the screen goes straight to the question instead of flashing a spinner for a split second.
 */
export function OpeningScreen({ delay = 400 }: { delay?: number }) {
  const [shown, setShown] = useState(delay <= 0);
  useEffect(() => {
    if (shown) return;
    const id = setTimeout(() => setShown(true), delay);
    return () => clearTimeout(id);
  }, [delay, shown]);
  return shown ? (
    <MessageScreen icon="busy" title="Abrindo o questionário…" />
  ) : (
    <div aria-busy="true" css={{ flex: 1 }} />
  );
}
