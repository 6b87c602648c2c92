import { useEffect, useRef } from 'react';
import { dismissErrorToasts } from '@web/lib/notify';

/**
 * A multi-step form's error toasts are about its step: once the step changes they are stale and
 * go. Not on arrival: a toast from the page before stays.
 */
export function useErrorsClearedOnStep(step: string) {
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    dismissErrorToasts();
  }, [step]);
}
