import { createStore } from 'jotai';

// The one store: the <Provider> in app.tsx and the worker bridges (which run outside React) both use
// it, so an atom set from a worker event is the atom components read.
export const appStore = createStore();
