import { useState } from 'react';

export type AvatarSize = 'sm' | 'md' | 'lg';

export interface AvatarProps {
  /** Person's name: the image's alt text and the source of the initials. */
  name: string;
  /** Photo URL; initials show when missing or when it fails to load. */
  src?: string;
  /**
   * @default 'md'
   */
  size?: AvatarSize;
  /** Hides the avatar from assistive tech when the name is already next to it. */
  isDecorative?: boolean;
}

const sizes = { sm: 32, md: 40, lg: 64 };

/** First letters of the first and last words: "Ana Maria Souza" → "AS". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0][0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1][0] ?? '') : '';
  return (first + last).toLocaleUpperCase('pt-BR');
}

/** A person's photo, or their initials. */
export function Avatar({ name, src, size = 'md', isDecorative }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const px = sizes[size];
  const box = {
    width: px,
    height: px,
    flex: 'none',
    borderRadius: 'var(--radius-full)',
    overflow: 'hidden',
  } as const;
  if (src && !failed) {
    return (
      <img
        src={src}
        alt={isDecorative ? '' : name}
        width={px}
        height={px}
        onError={() => setFailed(true)}
        css={{ ...box, objectFit: 'cover', display: 'block' }}
      />
    );
  }
  return (
    <span
      role={isDecorative ? undefined : 'img'}
      aria-label={isDecorative ? undefined : name}
      aria-hidden={isDecorative || undefined}
      css={{
        ...box,
        display: 'inline-grid',
        placeItems: 'center',
        background: 'var(--color-action-bg)',
        color: 'var(--color-action-text)',
        fontWeight: 600,
        fontSize: px * 0.4,
        lineHeight: 1,
        userSelect: 'none',
      }}
    >
      {initials(name)}
    </span>
  );
}
