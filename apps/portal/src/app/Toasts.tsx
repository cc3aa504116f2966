import { ToastRegion } from '@acompanha/ui';

/** The toast region, loaded on demand by `Providers` (its default export, for `React.lazy`). */
export default function Toasts() {
  return <ToastRegion />;
}
