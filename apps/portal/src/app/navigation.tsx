function QuestionsIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="4" y="3" width="16" height="18" rx="2" />
      <path d="M8 8h8M8 12h8M8 16h5" strokeLinecap="round" />
    </svg>
  );
}

function ProfileIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4 4-6 8-6s8 2 8 6" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The side navigation. Each issue adds its screens here when they are finished, so the drawer
 * never leads to an unfinished page.
 */
export const navigationItems = [
  { href: '/quizzes/questions', label: 'Banco de perguntas', icon: <QuestionsIcon /> },
  { href: '/profile', label: 'Meu perfil', icon: <ProfileIcon /> },
];
