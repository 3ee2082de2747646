import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from './shared/query-client.ts';
import { router } from './app/routes.tsx';
import { ErrorBoundary } from './app/error-boundary.tsx';
import { registerServiceWorker } from './app/service-worker.ts';
import { TooltipProvider } from './ui/tooltip.tsx';
import './styles/tokens.css';
import './styles/global.css';

const queryClient = createQueryClient();

// No StrictMode: its mount-unmount-mount of effects makes Ketcher 3.12 drop the editor instance it has just
// announced ("couldnt find ketcher instance"), so the structure editor never becomes usable.
createRoot(document.getElementById('root')!).render(
  <ErrorBoundary>
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <RouterProvider router={router} />
      </TooltipProvider>
    </QueryClientProvider>
  </ErrorBoundary>,
);

registerServiceWorker();
