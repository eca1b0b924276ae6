import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProvider, createQueryClient } from './app/provider.tsx';
import { routes } from './app/router.tsx';
import { purifierReady } from './components/safe-html.tsx';
import './styles/global.css';

const queryClient = createQueryClient();
const router = createBrowserRouter(routes);

/** Resolves once the router has loaded the first page's module. */
function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

async function start(root: HTMLElement): Promise<void> {
  // A page the server rendered (entry-server.tsx) comes with the data it was rendered from. Render over it
  // only once everything it shows is here (page module, data, sanitiser), so that it is replaced by itself.
  const state = document.getElementById('page-state');
  if (state?.textContent) {
    hydrate(queryClient, JSON.parse(state.textContent));
    state.remove();
    await Promise.all([routerReady(), purifierReady]);
  }
  createRoot(root).render(
    <StrictMode>
      <AppProvider client={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
}

const root = document.getElementById('root');
if (root) void start(root);
