import { InlineAlert } from '@acompanha/ui';

/** One colour the design system's readability guard changed, said in Portuguese. */
export interface ReadabilityWarning {
  /** Unique among the list (the colour's path, with its mode when there are several). */
  id: string;
  message: string;
}

/**
 * The guard's warnings as the appearance editors show them: the chosen colours stay saved, and the
 * previews (and the pages) draw the adjusted ones.
 */
export function ReadabilityWarnings({ warnings }: { warnings: ReadabilityWarning[] }) {
  if (!warnings.length) return null;
  return (
    <InlineAlert tone="warning" title="Ajustamos cores para manter o texto legível">
      <ul css={{ margin: 0, paddingLeft: '1.2em' }}>
        {warnings.map((w) => (
          <li key={w.id}>{w.message}</li>
        ))}
      </ul>
    </InlineAlert>
  );
}
