import { useLayoutEffect, type RefObject } from 'react';

/**
 * The sign-in and registration forms are prerendered: a visitor can type into them before the app
 * has taken the page over. Hydration leaves what was typed in the fields but not in the state, and
 * the next render would empty them. When the form mounts, what a named field holds beyond its
 * rendered value is handed to the state (`take`); from then on the fields are controlled as usual.
 */
export function useTypedBeforeStart(form: RefObject<HTMLFormElement | null>, take: (name: string, value: string) => void) {
  useLayoutEffect(() => {
    for (const input of form.current?.querySelectorAll('input') ?? []) {
      if (input.name && input.value !== input.defaultValue) take(input.name, input.value);
    }
    // Once, when the form first mounts: later changes come through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
