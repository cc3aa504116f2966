import { HOME_PATH } from '../../app/paths';

/** Only same-origin paths: `?redirectTo=//evil.example` must not send anyone away. */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return HOME_PATH;
  return target;
}
