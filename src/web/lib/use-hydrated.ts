import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False in a page rendered before the app runs (prerendered, or by the server) and while React takes
 * it over, true from then on: what only the browser can know shows after that. A prerendered form's submit
 * button stays disabled until then: a press before the app has taken the page over would submit the form the
 * browser's own way (a reload with the fields in the address) and lose the step the visitor was on.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
