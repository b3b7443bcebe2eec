import { Provider } from 'jotai';
import { RouterProvider } from 'react-router/dom';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { appStore } from './store.ts';
import { router } from './router.tsx';

export function App() {
  return (
    <Provider store={appStore}>
      <AriaRouterProvider navigate={(to) => void router.navigate(to)}>
        <RouterProvider router={router} />
      </AriaRouterProvider>
    </Provider>
  );
}
