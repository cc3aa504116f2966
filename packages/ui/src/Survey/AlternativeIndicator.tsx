/** The circle (single choice) or box (multiple choice) with a check mark inside an alternative card. */
export function AlternativeIndicator({ shape }: { shape: 'circle' | 'box' }) {
  return (
    <span className="alt-indicator" data-shape={shape} aria-hidden="true">
      <svg
        width="14"
        height="14"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={3.5}
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M5 12.5l4.5 4.5L19 7.5" />
      </svg>
    </span>
  );
}
