import { UNSTABLE_ToastQueue as ToastQueue, type ToastOptions } from 'react-aria-components';

export type ToastTone = 'success' | 'error' | 'info';

/** What a toast shows. */
export interface ToastContent {
  tone: ToastTone;
  title: string;
  description?: string;
}

/** Toasts without an explicit timeout close after this (errors stay until dismissed). */
export const DEFAULT_TOAST_TIMEOUT = 6000;

class AppToastQueue extends ToastQueue<ToastContent> {
  /** Shows a toast on top of the others (newest first). Returns its key. */
  override add(content: ToastContent, options: ToastOptions = {}): string {
    const timeout = options.timeout ?? (content.tone === 'error' ? undefined : DEFAULT_TOAST_TIMEOUT);
    return super.add(content, { ...options, timeout });
  }
}

/**
 * The app's single toast queue, rendered by `<ToastRegion />`. Usable outside React
 * (e.g. the API client's central error handler):
 * `toastQueue.add({ tone: 'error', title: 'Sessão expirada' })`.
 */
export const toastQueue = new AppToastQueue({ maxVisibleToasts: 5 });
