import { Outlet } from 'react-router';
import { Toaster } from 'sonner';
import { AuthProvider } from '../auth/auth-provider.tsx';
import { usePageViewTracking } from '../analytics/track.ts';
import { NewVersionPrompt } from './new-version-prompt.tsx';

/** Wraps every route, inside and outside the main layout: sign-in state, toasts, page views, new-version prompt. */
export function AppRoot(): React.JSX.Element {
  usePageViewTracking();
  return (
    <AuthProvider>
      <Outlet />
      {/* Spec section 9: 4 s, at most 3 visible, region hotkey Alt+T; below the sticky header so it hides no control. */}
      <Toaster duration={4000} visibleToasts={3} hotkey={['altKey', 'KeyT']} position="top-right" offset={{ top: 76, right: 16 }} richColors closeButton />
      <NewVersionPrompt />
    </AuthProvider>
  );
}
