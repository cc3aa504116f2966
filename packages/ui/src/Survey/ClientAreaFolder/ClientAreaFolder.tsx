import { css } from '@emotion/react';
import { useId } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { useClientArea } from '../../theme/ClientAreaThemeProvider';
import { focusRing } from '../../styles';

export interface ClientAreaFolderProps {
  /** The professional's name or the area's title. */
  title: string;
  subtitle?: string;
  /** Brand image (logo) shown above the title, decorative. */
  brandImage?: string;
  /**
   * Label of the button; by default the folder's `buttonText` ('Ir para a área do cliente').
   */
  buttonText?: string;
  onEnter: () => void;
}

const coverStyles = css`
  position: relative;
  display: flex;
  flex-direction: column;
  justify-content: flex-end;
  gap: var(--space-4);
  min-height: 100%;
  padding: var(--space-6) var(--space-4);
  padding-bottom: calc(var(--space-6) + env(safe-area-inset-bottom));
  background-color: var(--client-area-color);
  background-image: linear-gradient(rgba(3, 7, 18, 0.65), rgba(3, 7, 18, 0.65)), var(--client-area-image);
  background-size: cover;
  background-position: center;
  color: var(--client-area-folder-text);
  &[data-no-image] {
    background-image: none;
  }
  & .cover-brand {
    width: 72px;
    height: 72px;
    border-radius: var(--radius-full);
    object-fit: cover;
  }
  & .cover-title {
    font-size: var(--font-size-3xl);
    font-weight: var(--font-weight-bold);
    line-height: var(--line-height-tight);
  }
  & .cover-subtitle {
    font-size: var(--font-size-lg);
  }
  & .cover-button {
    ${focusRing};
    min-height: 52px;
    width: 100%;
    padding: 0 var(--space-5);
    border: 2px solid var(--client-area-button-border);
    border-radius: var(--radius-lg);
    background: var(--client-area-button-bg);
    color: var(--client-area-button-text);
    font-size: var(--font-size-md);
    font-weight: var(--font-weight-semibold);
    cursor: pointer;
    &[data-focus-visible] {
      outline-color: var(--client-area-folder-text);
    }
    &[data-pressed] {
      filter: brightness(0.9);
    }
  }
`;

/** Cover of the professional's client area: colours from `ClientAreaThemeProvider`'s folder. */
export function ClientAreaFolder({ title, subtitle, brandImage, buttonText, onEnter }: ClientAreaFolderProps) {
  const area = useClientArea();
  const titleId = useId();
  return (
    <section css={coverStyles} data-no-image={area.image ? undefined : ''} aria-labelledby={titleId}>
      {brandImage && <img className="cover-brand" src={brandImage} alt="" />}
      <h1 id={titleId} className="cover-title">
        {title}
      </h1>
      {subtitle && <p className="cover-subtitle">{subtitle}</p>}
      <AriaButton className="cover-button" onPress={onEnter}>
        {buttonText ?? area.folder.buttonText}
      </AriaButton>
    </section>
  );
}
