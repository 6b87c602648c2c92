import { useEffect, useState } from 'react';
import { afterLoadAndIdle } from './after-load';

/** False until the page has loaded and settled (see afterLoadAndIdle); at once on a later visit of the screen. */
export function useSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => afterLoadAndIdle(() => setSettled(true)), []);
  return settled;
}
