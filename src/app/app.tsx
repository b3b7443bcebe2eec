import { Provider } from 'jotai';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router/dom';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { appStore } from '../lib/store.ts';
import { router } from './router.tsx';
import { connectSession } from './session-sync.ts';

// The API client follows the session for the page's whole life.
connectSession(appStore);

// The service-worker prompt loads after the first page (it is not needed to render it).
const UpdatePrompt = lazy(async () => ({ default: (await import('./update-prompt.tsx')).UpdatePrompt }));
const subscribe = (onChange: () => void) => router.subscribe(onChange);
const currentPath = () => router.state.location.pathname;

export function App() {
  const pathname = useSyncExternalStore(subscribe, currentPath);
  return (
    <Provider store={appStore}>
      <AriaRouterProvider navigate={(to) => void router.navigate(to)}>
        <RouterProvider router={router} />
        <Suspense fallback={null}>
          <UpdatePrompt pathname={pathname} />
        </Suspense>
      </AriaRouterProvider>
    </Provider>
  );
}
