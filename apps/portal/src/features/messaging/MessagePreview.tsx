import type { ApiError, MessagePreview as Preview } from '@acompanha/api-client';
import { Text } from '@acompanha/ui';
import { previewCounts } from './labels';

/** The API's preview: how many by each channel (or why it cannot count), and the text as the first client reads it. */
export function MessagePreview({
  isFetching,
  error,
  data,
  showSample,
}: {
  isFetching: boolean;
  error: ApiError | null;
  data: Preview | undefined;
  /** Only once she has written a text the API can fill in. */
  showSample: boolean;
}) {
  return (
    <section
      aria-labelledby="message-preview-title"
      aria-busy={isFetching}
      css={{
        padding: 'var(--space-4)',
        borderRadius: 'var(--radius-md)',
        border: '1px solid var(--color-border)',
        display: 'grid',
        gap: 'var(--space-3)',
      }}
    >
      <h3 id="message-preview-title" css={{ margin: 0, fontSize: 'var(--font-size-md, 1rem)' }}>
        Prévia
      </h3>
      <p aria-live="polite" data-testid="preview-counts" css={{ margin: 0, overflowWrap: 'anywhere' }}>
        {error
          ? error.message && error.message !== error.code
            ? error.message
            : error.userMessage
          : data
            ? previewCounts(data)
            : 'Calculando destinatários…'}
      </p>
      {showSample && data?.sample ? (
        <div>
          <Text variant="small" as="p" css={{ margin: '0 0 var(--space-2)' }}>
            Como o primeiro cliente vai ler:
          </Text>
          <div
            data-testid="preview-sample"
            css={{
              padding: 'var(--space-3)',
              borderRadius: 'var(--radius-md)',
              background: 'var(--color-surface-muted)',
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
            }}
          >
            {data.sample}
          </div>
        </div>
      ) : null}
    </section>
  );
}
