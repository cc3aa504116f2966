import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { configureApiClient } from '@acompanha/api-client';
import {
  loginResponseFixture,
  resetSubscriptionState,
  signatureFixtures,
  type SignatureFixtureName,
} from '@acompanha/api-client/mocks';
import { createRoutes } from '../app/routes';
import { notifyApiError } from '../app/api';
import { queryClient } from '../app/queryClient';
import { store } from '../app/store';
import { getNotificationUnreadCountOptions, getSignatureQueryKey } from '@acompanha/api-client';
import { pendingCountOptions } from '../lib/queries';
import { liveNotifications } from '../features/notifications/liveUnread';

/** The portal's client wiring (session token, error toasts); survey stories in the same page wire it their way. */
function configurePortalClient() {
  configureApiClient({ store, notify: notifyApiError });
}
configurePortalClient();

/**
 * Resets what screens share between stories: storage, session and server cache. The drawer's
 * badge (answers waiting for review) and the bell (unread notifications) start known as 0, so
 * stories of other screens need no handler for them; `'fetch'` lets the layout ask the story's
 * handlers instead.
 */
export function resetPortal({
  signedIn,
  pendingAnswers = 0,
  unreadNotifications = 0,
  subscription = 'active',
}: {
  signedIn: boolean;
  pendingAnswers?: number | 'fetch';
  /** The bell's count; 'fetch' asks the story's handlers (and opens the live stream). */
  unreadNotifications?: number | 'fetch';
  /**
   * The subscription the layout starts with (no activation modal for 'active'); the mock's state starts
   * there too. 'fetch' leaves the cache empty, so the layout asks the story's handlers.
   * @default 'active'
   */
  subscription?: SignatureFixtureName | 'fetch';
}) {
  configurePortalClient();
  window.localStorage.clear();
  store.reload();
  queryClient.clear();
  if (signedIn) store.login(loginResponseFixture);
  if (pendingAnswers !== 'fetch')
    queryClient.setQueryData(pendingCountOptions().queryKey, { items: [], total: pendingAnswers });
  liveNotifications.enabled = unreadNotifications === 'fetch';
  if (unreadNotifications !== 'fetch')
    queryClient.setQueryData(getNotificationUnreadCountOptions().queryKey, { unread: unreadNotifications });
  resetSubscriptionState(subscription === 'fetch' ? 'active' : subscription);
  if (subscription !== 'fetch') queryClient.setQueryData(getSignatureQueryKey(), signatureFixtures[subscription]());
}

/**
 * A screen as the app renders it: the real route table (layouts, guards, loaders, lazy screens)
 * in a memory router opened at `path`; its calls are answered by the story's MSW handlers.
 */
export function PortalScreen({ path }: { path: string }) {
  const [router] = useState(() => createMemoryRouter(createRoutes(), { initialEntries: [path] }));
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
