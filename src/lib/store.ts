import { createStore } from 'jotai';

// The one store: the <Provider> in src/app/app.tsx and the bridges and sensors (which run outside React) use
// it, so an atom set from a worker event is the atom components read.
export const appStore = createStore();
