// First: zod's settings must be in place before any module builds a schema.
import './zod-settings';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/app-providers';
import { createAppRouter } from './app/routes';
import { getSessionQueryOptions } from './session/get-session';
import { initI18n } from './i18n';
import { createQueryClient } from './lib/query-client';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Start every download of the first paint at once: the page's code (creating the router
// starts it), the catalogue of the visitor's language, and the session (so the navbar
// seldom has to show its placeholder).
const router = createAppRouter();
// A disabled account, whatever call finds out, gets the disabled dialog and is signed out.
// Its code (and the dialog's) loads only then.
const queryClient = createQueryClient({
  onAccountDisabled: () => void import('./session/account-disabled').then((module) => module.handleAccountDisabled(queryClient)),
});
queryClient.query(getSessionQueryOptions()).catch(() => {
  // Signed out as far as the navbar is concerned; useSession shows the same.
});

void initI18n().then(() => {
  const root = createRoot(container);
  // As a transition the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole tree: a slow phone answers taps while it runs.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
});
