/** The public page as her clients see it, drawn with the design system's client-area theme. */
import type { ClientAreaColorScheme, ClientAreaFolder as Folder } from '@acompanha/api-client';
import {
  Avatar,
  ClientAreaFolder,
  ClientAreaThemeProvider,
  type ClientAreaScheme,
  resolveClientArea,
} from '@acompanha/ui';
import { usePersisted } from '../../app/store';
import type { ReadabilityWarning } from '../../lib/readability';

export type Mode = ClientAreaColorScheme['mode'];

export const MODE_LABELS: Record<Mode, string> = { light: 'Modo claro', dark: 'Modo escuro' };

export interface PreviewContent {
  title: string | null;
  brandImage: string | null;
  profilePicture: string | null;
  folder: Folder;
  colorScheme: ClientAreaColorScheme;
}

/**
 * The scheme the page draws in `mode`: the cover shows the cover's own image when it has one, else that
 * mode's background image (so the readability guard checks the texts against what is really behind them).
 */
export function schemeFor(content: Pick<PreviewContent, 'folder' | 'colorScheme'>, mode: Mode): ClientAreaScheme {
  const { color, image } = content.colorScheme.scheme;
  const cover = content.folder.image;
  return { mode, scheme: { color, image: { light: cover ?? image.light, dark: cover ?? image.dark } } };
}

/** The guard's warnings for the modes shown (each named by its mode when there are two). */
export function previewWarnings(content: PreviewContent, modes: Mode[]): ReadabilityWarning[] {
  return modes.flatMap((mode) =>
    resolveClientArea(schemeFor(content, mode), content.folder).warnings.map((w) => ({
      id: `${mode}.${w.path}`,
      message: modes.length > 1 ? `${MODE_LABELS[mode]}: ${w.message}` : w.message,
    })),
  );
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * A phone-sized picture of her public page in `mode` (her chosen mode by default): the header with the
 * logo and title, her photo, name, profession and council registration, and the cover. It is a picture:
 * nothing in it can be focused or pressed.
 */
export function ClientAreaPreview({
  content,
  mode,
  caption,
}: {
  content: PreviewContent;
  mode?: Mode;
  caption?: string;
}) {
  const professional = usePersisted((s) => s.session.professional);
  const shown = mode ?? content.colorScheme.mode;
  const name = professional?.name ?? 'Seu nome';
  const photo = content.profilePicture ?? professional?.avatarUrl ?? undefined;
  const about = [
    professional?.profession ? capitalize(professional.profession) : null,
    professional?.councilRegistration,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <figure
      data-testid={`client-area-preview-${shown}`}
      css={{ margin: 0, display: 'grid', gap: 'var(--space-2)', justifyItems: 'center', minWidth: 0 }}
    >
      {/* A picture: inert (nothing focusable) and out of the accessibility tree (its h1 and button are not the screen's). */}
      <div
        inert
        aria-hidden="true"
        css={{
          width: '100%',
          maxWidth: 340,
          borderRadius: 28,
          border: '8px solid #111827',
          overflow: 'hidden',
          boxShadow: 'var(--shadow-md)',
        }}
      >
        <ClientAreaThemeProvider scheme={schemeFor(content, shown)} folder={content.folder}>
          <header
            css={{
              display: 'flex',
              alignItems: 'center',
              gap: 'var(--space-2)',
              minHeight: 48,
              padding: 'var(--space-2) var(--space-4)',
              background: 'var(--client-area-color)',
              color: 'var(--client-area-on-color)',
              fontWeight: 'var(--font-weight-semibold)',
            }}
          >
            {content.brandImage ? (
              <img
                src={content.brandImage}
                alt="Logo"
                css={{ height: 32, maxWidth: 96, objectFit: 'contain', borderRadius: 'var(--radius-sm)' }}
              />
            ) : null}
            <span css={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {content.title || name}
            </span>
          </header>
          <div
            css={{
              display: 'flex',
              alignItems: 'center',
              gap: 'var(--space-3)',
              padding: 'var(--space-4)',
            }}
          >
            <Avatar name={name} src={photo} size="lg" />
            <div css={{ minWidth: 0 }}>
              <p css={{ margin: 0, fontWeight: 'var(--font-weight-semibold)' }}>{name}</p>
              {about ? (
                <p css={{ margin: 0, fontSize: 'var(--font-size-sm)', color: 'var(--color-text-muted)' }}>{about}</p>
              ) : null}
            </div>
          </div>
          <div css={{ minHeight: 300, display: 'grid' }}>
            <ClientAreaFolder
              title={content.folder.title || content.title || name}
              subtitle={content.folder.subtitle ?? undefined}
              buttonText={content.folder.buttonText || undefined}
              onEnter={() => undefined}
            />
          </div>
        </ClientAreaThemeProvider>
      </div>
      {caption ? (
        <figcaption css={{ fontSize: 'var(--font-size-sm)', color: 'var(--color-text-muted)' }}>{caption}</figcaption>
      ) : null}
    </figure>
  );
}
