import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from './app/query-client.ts';
import { router } from './app/routes.tsx';
import { ErrorBoundary } from './app/error-boundary.tsx';
import { registerServiceWorker } from './app/service-worker.ts';
import { TooltipProvider } from './components/ui/tooltip.tsx';
import './styles/tokens.css';
import './styles/global.css';

const queryClient = createQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <TooltipProvider>
          <RouterProvider router={router} />
        </TooltipProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  </StrictMode>,
);

registerServiceWorker();
