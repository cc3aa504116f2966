/**
 * The professional's public page (`/p/<alias>`): her photo, name, profession and council registration, the
 * cover ("folder") and her colours, in light or dark (hers by default; the visitor may switch). It links to
 * the patient's sign-in. Nothing about any patient is on it.
 */
import { css } from '@emotion/react';
import { useLayoutEffect } from 'react';
import type { AreaData } from './data';
import { areaPath } from './route';

export interface PublicPageProps {
  area: AreaData;
  mode: 'light' | 'dark';
  onModeChange: (mode: 'light' | 'dark') => void;
  /** The cover image of this mode (folder image first, else the scheme's), already chosen by the caller. */
  coverImage: string | null;
}

const capitalize = (s: string) => s.charAt(0).toLocaleUpperCase('pt-BR') + s.slice(1);

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toLocaleUpperCase('pt-BR'))
    .join('');

const page = css`
  min-height: 100dvh;
  display: flex;
  flex-direction: column;
  background: var(--color-bg);
  color: var(--color-text);
`;

const topBar = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: var(--space-3);
  padding: var(--space-3) var(--space-4);
  min-height: 56px;
  & img {
    display: block;
    max-height: 36px;
    max-width: 50vw;
    object-fit: contain;
  }
`;

const modeButton = css`
  display: inline-flex;
  align-items: center;
  gap: var(--space-2);
  min-height: 44px;
  padding: 0 var(--space-3);
  margin-left: auto;
  border: 1px solid var(--color-border);
  border-radius: 999px;
  background: var(--color-surface);
  color: var(--color-text);
  font: inherit;
  font-size: var(--font-size-sm);
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid var(--color-focus);
    outline-offset: 2px;
  }
`;

const cover = css`
  position: relative;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: var(--space-3);
  margin: 0 var(--space-4);
  padding: var(--space-8) var(--space-5);
  border-radius: 20px;
  background-color: var(--client-area-color);
  background-image: var(--cover-image);
  background-size: cover;
  background-position: center;
  color: var(--client-area-folder-text);
  text-align: center;
  overflow: hidden;
  isolation: isolate;
  &[data-image]::before {
    content: '';
    position: absolute;
    inset: 0;
    z-index: -1;
    background: rgb(3 7 18 / 65%);
  }
  & h1 {
    margin: 0;
    font-size: clamp(1.5rem, 6vw, 2.25rem);
    line-height: 1.15;
    overflow-wrap: anywhere;
  }
  & p {
    margin: 0;
    max-width: 36rem;
    overflow-wrap: anywhere;
  }
  & .who {
    font-weight: var(--font-weight-medium);
    opacity: 0.92;
  }
  & .folder-title {
    margin-top: var(--space-3);
    font-size: var(--font-size-lg);
    font-weight: var(--font-weight-semibold);
  }
`;

const photo = css`
  width: 104px;
  height: 104px;
  border-radius: 50%;
  border: 3px solid var(--client-area-folder-text);
  object-fit: cover;
  background: var(--color-surface);
  display: grid;
  place-items: center;
  color: var(--color-text);
  font-size: 2rem;
  font-weight: var(--font-weight-semibold);
`;

const enter = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  margin-top: var(--space-4);
  min-height: 52px;
  padding: 0 var(--space-6);
  width: min(100%, 22rem);
  border: 2px solid var(--client-area-button-border);
  border-radius: var(--radius-lg);
  background: var(--client-area-button-bg);
  color: var(--client-area-button-text);
  font-weight: var(--font-weight-semibold);
  text-decoration: none;
  &:hover {
    filter: brightness(0.94);
  }
  &:focus-visible {
    outline: 3px solid var(--client-area-folder-text);
    outline-offset: 3px;
  }
`;

const about = css`
  width: 100%;
  max-width: 40rem;
  margin: var(--space-6) auto 0;
  padding: 0 var(--space-5);
  text-align: center;
  & h2 {
    margin: 0 0 var(--space-2);
    font-size: var(--font-size-lg);
  }
  & p {
    margin: 0;
    color: var(--color-text-muted);
  }
`;

const footer = css`
  margin-top: auto;
  padding: var(--space-8) var(--space-5) var(--space-5);
  text-align: center;
  font-size: var(--font-size-sm);
  color: var(--color-text-muted);
`;

const SunIcon = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </svg>
);
const MoonIcon = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
    <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
  </svg>
);

export function PublicPage({ area, mode, onModeChange, coverImage }: PublicPageProps) {
  const next = mode === 'dark' ? 'light' : 'dark';
  const who = [capitalize(area.profession), area.councilRegistration].filter(Boolean).join(' · ');
  // Native controls and scrollbars follow the mode; the page's previous value comes back when it leaves.
  useLayoutEffect(() => {
    const root = document.documentElement.style;
    const before = root.colorScheme;
    root.colorScheme = mode;
    return () => {
      root.colorScheme = before;
    };
  }, [mode]);
  return (
    <div css={page}>
      <header css={topBar}>
        {area.brandImage ? <img src={area.brandImage} alt={`Logotipo de ${area.name}`} /> : null}
        <button type="button" css={modeButton} aria-pressed={mode === 'dark'} onClick={() => onModeChange(next)}>
          {mode === 'dark' ? <SunIcon /> : <MoonIcon />}
          {mode === 'dark' ? 'Modo claro' : 'Modo escuro'}
        </button>
      </header>
      <main css={{ display: 'flex', flexDirection: 'column' }}>
        <section
          css={cover}
          aria-labelledby="area-name"
          data-image={coverImage ? '' : undefined}
          style={coverImage ? ({ '--cover-image': `url("${coverImage.replace(/"/g, '%22')}")` } as object) : undefined}
        >
          {area.profilePicture ? (
            <img css={photo} src={area.profilePicture} alt={`Foto de ${area.name}`} width={104} height={104} />
          ) : (
            <span css={photo} aria-hidden>
              {initials(area.name)}
            </span>
          )}
          <h1 id="area-name">{area.name}</h1>
          <p className="who">{who}</p>
          {area.folder.title ? <p className="folder-title">{area.folder.title}</p> : null}
          {area.folder.subtitle ? <p>{area.folder.subtitle}</p> : null}
          <a css={enter} href={areaPath(area.link, 'login')}>
            {area.folder.buttonText}
          </a>
        </section>
        {area.title ? (
          <section css={about} aria-label="Sobre">
            <p>{area.title}</p>
          </section>
        ) : null}
      </main>
      <footer css={footer}>
        <p css={{ margin: 0 }}>
          Na área do cliente você responde aos questionários de {area.name.split(/\s+/)[0]} e vê o seu histórico.
        </p>
        <p css={{ margin: 'var(--space-2) 0 0' }}>Acompanha</p>
      </footer>
    </div>
  );
}
