import { useState } from 'react';
import { css } from '@emotion/react';
import { initials } from '@acompanha/ui';

export interface ProfessionalHeaderProps {
  /** `null`: not known yet (a neutral placeholder of the same size, so nothing jumps when it arrives). */
  professional: { name: string; subtitle: string; profilePic: string | null } | null;
}

const headerStyles = css`
  display: flex;
  align-items: center;
  gap: var(--space-3);
  width: 100%;
  min-height: 68px;
  padding: var(--space-3) var(--space-4);
  background: var(--quiz-header-bg);
  color: var(--quiz-header-text);
  & .ph-inner {
    display: flex;
    align-items: center;
    gap: var(--space-3);
    width: 100%;
    max-width: 640px;
    margin: 0 auto;
    min-width: 0;
  }
  & .ph-avatar {
    flex: none;
    width: 44px;
    height: 44px;
    border-radius: var(--radius-full);
    object-fit: cover;
    display: inline-grid;
    place-items: center;
    background: var(--quiz-header-icon-bg);
    color: var(--quiz-header-icon);
    font-weight: var(--font-weight-semibold);
  }
  & .ph-text {
    min-width: 0;
  }
  & .ph-name {
    font-weight: var(--font-weight-semibold);
    line-height: var(--line-height-tight);
    overflow-wrap: anywhere;
  }
  & .ph-subtitle {
    font-size: var(--font-size-sm);
    color: var(--quiz-header-secondary);
  }
  & .ph-bar {
    display: block;
    height: 12px;
    border-radius: var(--radius-full);
    background: var(--quiz-body-unfilled);
  }
  &[data-loading] {
    background: var(--quiz-body-bg);
  }
  &[data-loading] .ph-avatar {
    background: var(--quiz-body-unfilled);
  }
`;

/**
 * Who sent the questionnaire, at the top of the screens around the questions (PIN, cover, messages,
 * review): her photo (or initials), name and subtitle, in her header colours. Never anything of the patient.
 */
export function ProfessionalHeader({ professional }: ProfessionalHeaderProps) {
  // A photo link kept from an earlier visit may have expired (signed links last two hours): initials then.
  const [failed, setFailed] = useState<string | null>(null);
  if (!professional) {
    return (
      <header css={headerStyles} data-loading="" aria-hidden="true">
        <div className="ph-inner">
          <span className="ph-avatar" />
          <span css={{ display: 'grid', gap: 'var(--space-2)' }}>
            <span className="ph-bar" css={{ width: 140 }} />
            <span className="ph-bar" css={{ width: 90 }} />
          </span>
        </div>
      </header>
    );
  }
  return (
    <header css={headerStyles}>
      <div className="ph-inner">
        {professional.profilePic && failed !== professional.profilePic ? (
          <img
            className="ph-avatar"
            src={professional.profilePic}
            alt=""
            width={44}
            height={44}
            onError={() => setFailed(professional.profilePic)}
          />
        ) : (
          <span className="ph-avatar" aria-hidden="true">
            {initials(professional.name)}
          </span>
        )}
        <div className="ph-text">
          <div className="ph-name">{professional.name}</div>
          <div className="ph-subtitle">{professional.subtitle}</div>
        </div>
      </div>
    </header>
  );
}
