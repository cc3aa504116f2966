/**
 * The visitor's pages (sign-in, recovery, registration, e-mail check) and their addresses: one table for the full
 * route table (routes.tsx), the light start that opens them without React Router (VisitorApp.tsx), and the build,
 * which tells the API which addresses open the light start (vite.config.ts writes it to dist/pages.json).
 */
export const VISITOR_PAGES = {
  login: ['/login', '/auth/login', '/account-success', '/account-error'],
  recovery: ['/recovery', '/auth/forgot-password'],
  registration: ['/auth/registration'],
  verifyEmail: ['/auth/verify-email'],
} as const satisfies Record<string, readonly string[]>;

export type VisitorPage = keyof typeof VISITOR_PAGES;

const byPath = new Map<string, VisitorPage>(
  Object.entries(VISITOR_PAGES).flatMap(([page, paths]) => paths.map((path) => [path, page as VisitorPage])),
);

/** The visitor's page at `pathname` (a trailing slash allowed), or null for any other address. */
export function visitorPageAt(pathname: string): VisitorPage | null {
  return byPath.get(pathname.replace(/(.)\/+$/, '$1')) ?? null;
}

export const VISITOR_PATHS: readonly string[] = [...byPath.keys()];
