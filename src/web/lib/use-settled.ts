import { useEffect, useState } from 'react';
import { afterLoadAndIdle } from './after-load';

/**
 * False until the page has loaded and settled (see afterLoadAndIdle); at once on a later visit of the screen.
 * `settle: false`: as soon as the browser is idle after the load event (the page has painted).
 */
export function useSettled({ settle = true }: { settle?: boolean } = {}): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => afterLoadAndIdle(() => setSettled(true), { settle }), [settle]);
  return settled;
}
