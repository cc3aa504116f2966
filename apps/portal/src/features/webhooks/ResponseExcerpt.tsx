import { useId, useState } from 'react';
import { Button, Stack, Text } from '@acompanha/ui';

/** Longer answers start folded to one line. */
const FOLD_AT = 60;

const mono = {
  fontFamily: 'var(--font-mono)',
  fontSize: 'var(--font-size-xs)',
  background: 'var(--color-surface-muted)',
  borderRadius: 'var(--radius-sm)',
  padding: '2px var(--space-1)',
} as const;

/** The first characters the endpoint answered (at most 500), in a monospace line that unfolds. */
export function ResponseExcerpt({ excerpt }: { excerpt: string | null }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!excerpt)
    return (
      <Text as="span" variant="small">
        Sem resposta
      </Text>
    );
  if (excerpt.length <= FOLD_AT) return <code css={{ ...mono, overflowWrap: 'anywhere' }}>{excerpt}</code>;
  return (
    <Stack gap={1} align="start" css={{ minWidth: 0, maxWidth: '100%' }}>
      {open ? (
        <pre id={id} css={{ ...mono, margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxWidth: '28rem' }}>
          {excerpt}
        </pre>
      ) : (
        <code
          css={{
            ...mono,
            display: 'block',
            maxWidth: 'min(12rem, 100%)',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {excerpt.replace(/\s+/g, ' ')}
        </code>
      )}
      <Button
        size="sm"
        variant="ghost"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onPress={() => setOpen(!open)}
      >
        {open ? 'Recolher resposta' : 'Ver resposta completa'}
      </Button>
    </Stack>
  );
}
