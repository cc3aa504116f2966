import { useState } from 'react';
import { Heading, IconButton, Modal, Stack, Text } from '@acompanha/ui';
import { store, usePersisted } from '../../app/store';
import { formatCalendarDate } from '../../lib/dates';
import { NEWS } from './news';

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
  return (
    <>
      <span css={{ position: 'relative', display: 'inline-flex' }}>
        <IconButton
          aria-label={newsSeen ? 'Novidades' : 'Novidades: há itens novos'}
          icon={<SparklesIcon />}
          onPress={() => {
            setOpen(true);
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
      <Modal isOpen={isOpen} onOpenChange={setOpen} isDismissable title="Novidades" size="sm">
        <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 'var(--space-4)' }}>
          {NEWS.map((item) => (
            <li key={item.title}>
              <Stack gap={1}>
                <Text variant="small" as="p">
                  <time dateTime={item.date}>{formatCalendarDate(item.date)}</time>
                </Text>
                <Heading level={3} size={4}>
                  {item.title}
                </Heading>
                <Text>{item.text}</Text>
              </Stack>
            </li>
          ))}
        </ul>
      </Modal>
    </>
  );
}
