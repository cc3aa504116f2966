import { redirect, type RouteObject } from 'react-router';
import { isSignedIn } from './store';
import { HOME_PATH, LOGIN_PATH } from './paths';
import { RouteError } from './RouteError';
import { AppFrame } from './AppFrame';
import { VisitorRoutes } from './VisitorRoutes';
import { VISITOR_PAGES, type VisitorPage } from './visitorPages';
import { FullScreenSpinner } from '@acompanha/ui';

/** Private routes need a session; the sign-in page comes back here afterwards. */
function requireSession({ request }: { request: Request }) {
  if (!isSignedIn()) {
    const url = new URL(request.url);
    const back = url.pathname + url.search;
    return redirect(`${LOGIN_PATH}?redirectTo=${encodeURIComponent(back)}`);
  }
  return null;
}
// Child loaders run beside this one, so screens that fetch use `loadOrSignIn` (app/loaders.ts).

/** Auth pages are for visitors; a signed-in professional goes home. */
function visitorsOnly() {
  return isSignedIn() ? redirect(HOME_PATH) : null;
}

const quizBuilder = () =>
  import('../features/quiz-builder/QuizBuilderPage').then((m) => ({
    Component: m.QuizBuilderPage,
    loader: m.quizBuilderLoader,
  }));
/**
 * `/` has no screen of its own: its loader always redirects. A leaf route without a component makes React Router
 * warn ("Matched leaf route … does not have an element") while the loader runs.
 */
const NoScreen = () => null;
const visitorScreens: Record<VisitorPage, NonNullable<RouteObject['lazy']>> = {
  login: () => import('../features/auth/LoginPage').then((m) => ({ Component: m.LoginPage })),
  recovery: () => import('../features/auth/RecoveryPage').then((m) => ({ Component: m.RecoveryPage })),
  registration: () => import('../features/auth/RegistrationPage').then((m) => ({ Component: m.RegistrationPage })),
  verifyEmail: () => import('../features/auth/VerifyEmailPage').then((m) => ({ Component: m.VerifyEmailPage })),
};

/** The one route table of the portal. Each screen is loaded lazily. */
export const createRoutes = (): RouteObject[] => [
  {
    id: 'root',
    Component: AppFrame,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullScreenSpinner />,
    children: [
      { index: true, loader: () => redirect(isSignedIn() ? HOME_PATH : LOGIN_PATH), Component: NoScreen },
      {
        // Private area: one shared layout with an error page.
        loader: requireSession,
        lazy: () => import('./PrivateLayout').then((m) => ({ Component: m.PrivateLayout })),
        errorElement: <RouteError />,
        children: [
          {
            // A screen's error keeps the layout and its navigation.
            errorElement: <RouteError inLayout />,
            children: [
              {
                path: 'quizzes',
                lazy: () => import('../features/quizzes/QuizzesPage').then((m) => ({ Component: m.QuizzesPage })),
              },
              {
                path: 'quizzes/links/:quizId',
                lazy: () =>
                  import('../features/scheduling/QuizLinksPage').then((m) => ({
                    Component: m.QuizLinksPage,
                    loader: m.quizLinksLoader,
                  })),
              },
              {
                path: 'resendReceived',
                lazy: () =>
                  import('../features/scheduling/ResendReceivedPage').then((m) => ({
                    Component: m.ResendReceivedPage,
                    loader: m.resendReceivedLoader,
                  })),
              },
              {
                path: 'quizzes/appearance',
                lazy: () =>
                  import('../features/appearance/AppearancePage').then((m) => ({
                    Component: m.AppearancePage,
                    loader: m.appearanceLoader,
                  })),
              },
              {
                path: 'quizzes/questions',
                lazy: () =>
                  import('../features/questions/QuestionBankPage').then((m) => ({
                    Component: m.QuestionBankPage,
                    loader: m.questionBankLoader,
                  })),
              },
              {
                path: 'question-builder/:questionId?',
                lazy: () =>
                  import('../features/question-builder/QuestionBuilderPage').then((m) => ({
                    Component: m.QuestionBuilderPage,
                    loader: m.questionBuilderLoader,
                  })),
              },
              {
                path: 'clients',
                lazy: () =>
                  import('../features/clients/ClientsPage').then((m) => ({
                    Component: m.ClientsPage,
                    loader: m.clientsLoader,
                  })),
              },
              {
                path: 'clients/import',
                lazy: () =>
                  import('../features/clients/ClientImportPage').then((m) => ({ Component: m.ClientImportPage })),
              },
              {
                path: 'clients/messaging',
                lazy: () => import('../features/messaging/MessagingPage').then((m) => ({ Component: m.MessagingPage })),
              },
              {
                path: 'clients/profile/:id',
                lazy: () =>
                  import('../features/clients-profile/ClientProfilePage').then((m) => ({
                    Component: m.ClientProfilePage,
                    loader: m.clientProfileLoader,
                  })),
              },
              {
                path: 'clients/profile/:clientId/quiz/:quizScheduleId',
                lazy: () =>
                  import('../features/answers/RevisionReviewPage').then((m) => ({
                    Component: m.RevisionReviewPage,
                    loader: m.revisionReviewLoader,
                  })),
              },
              {
                path: 'answers/received',
                lazy: () =>
                  import('../features/answers/ReceivedAnswersPage').then((m) => ({
                    Component: m.ReceivedAnswersPage,
                    loader: m.receivedAnswersLoader,
                    shouldRevalidate: m.shouldRevalidateReceived,
                  })),
              },
              {
                path: 'answers/report',
                lazy: () =>
                  import('../features/answers/AnswerReportPage').then((m) => ({
                    Component: m.AnswerReportPage,
                    loader: m.answerReportLoader,
                    shouldRevalidate: m.shouldRevalidateReport,
                  })),
              },
              {
                path: 'services',
                lazy: () =>
                  import('../features/services/ServicesPage').then((m) => ({
                    Component: m.ServicesPage,
                    loader: m.servicesLoader,
                  })),
              },
              {
                path: 'dashboard',
                // The loader apart from the screen: the figures are asked for while the screen's code downloads.
                lazy: {
                  loader: () => import('../features/dashboard/dashboardLoader').then((m) => m.dashboardLoader),
                  Component: () => import('../features/dashboard/DashboardPage').then((m) => m.DashboardPage),
                },
              },
              {
                path: 'notifications/managing',
                lazy: () =>
                  import('../features/notifications/NotificationsPage').then((m) => ({
                    Component: m.NotificationsPage,
                    loader: m.notificationsLoader,
                  })),
              },
              {
                path: 'notifications/settings',
                lazy: () =>
                  import('../features/notifications/NotificationSettingsPage').then((m) => ({
                    Component: m.NotificationSettingsPage,
                    loader: m.notificationSettingsLoader,
                  })),
              },
              {
                path: 'notifications/settings/:notificationId',
                lazy: () =>
                  import('../features/notifications/NotificationSettingsPage').then((m) => ({
                    Component: m.NotificationSettingPage,
                    loader: m.notificationSettingsLoader,
                  })),
              },
              {
                path: 'webhook',
                lazy: () =>
                  import('../features/webhooks/WebhooksPage').then((m) => ({
                    Component: m.WebhooksPage,
                    loader: m.webhooksLoader,
                    shouldRevalidate: m.shouldRevalidateWebhooks,
                  })),
              },
              {
                path: 'client-area',
                lazy: () =>
                  import('../features/client-area/ClientAreaPage').then((m) => ({
                    Component: m.ClientAreaPage,
                    loader: m.clientAreaLoader,
                  })),
              },
              {
                path: 'client-area/folder',
                lazy: () =>
                  import('../features/client-area/ClientAreaFolderPage').then((m) => ({
                    Component: m.ClientAreaFolderPage,
                    loader: m.clientAreaLoader,
                  })),
              },
              {
                path: 'client-area/appearance',
                lazy: () =>
                  import('../features/client-area/ClientAreaAppearancePage').then((m) => ({
                    Component: m.ClientAreaAppearancePage,
                    loader: m.clientAreaLoader,
                  })),
              },
              { path: 'quiz-builder', lazy: quizBuilder },
              { path: 'quiz-builder/:quizId', lazy: quizBuilder },
              {
                path: 'profile',
                lazy: () =>
                  import('../features/profile/ProfilePage').then((m) => ({
                    Component: m.ProfilePage,
                    loader: m.profileLoader,
                  })),
              },
            ],
          },
        ],
      },
      {
        // The visitor's pages (the same table the light start of sign-in.html opens: VisitorApp.tsx).
        loader: visitorsOnly,
        Component: VisitorRoutes,
        children: Object.entries(VISITOR_PAGES).flatMap(([page, paths]) =>
          paths.map((path) => ({ path: path.slice(1), lazy: visitorScreens[page as VisitorPage] })),
        ),
      },
      // Print: outside the private layout's chrome (no drawer, no header), still signed in only.
      {
        path: 'print',
        lazy: () =>
          import('../features/answers/PrintPage').then((m) => ({ Component: m.PrintPage, loader: m.printLoader })),
      },
      // Public pages open to everyone, signed in or not.
      {
        path: 'privacy-policy',
        lazy: () => import('../features/legal/PrivacyPolicyPage').then((m) => ({ Component: m.PrivacyPolicyPage })),
      },
      { path: '*', lazy: () => import('./NotFoundPage').then((m) => ({ Component: m.NotFoundRoute })) },
    ],
  },
];

export const routes = createRoutes();
