import { Heading, Modal, Stack, Text } from '@acompanha/ui';
import { formatCalendarDate } from '../../lib/dates';
import { NEWS } from './news';

/** "Novidades": the list in `news.ts`, each with its date. */
export function NewsDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} isDismissable title="Novidades" size="sm">
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
  );
}
