import type { StudentExercise } from '@common/practice';
import { useCallback, useEffect, useRef, useState } from 'react';
import { saveDraft } from './api/save-draft';
import { chooseDraft, readLocalDraft, removeLocalDraft, writeLocalDraft } from './draft-storage';

/** How long the student pauses before what they typed is sent to the server. */
export const DRAFT_DEBOUNCE_MS = 1000;

export type DraftState = 'idle' | 'saving' | 'saved' | 'offline' | 'failed';

/**
 * The code in the editor, kept twice: in this browser at every keystroke (it survives a reload or a
 * lost connection) and on the server a second after the student stops typing. It opens with the
 * newer of the two; what was typed offline is sent when the browser is back online. The tutor's
 * preview keeps nothing.
 */
export function useExerciseDraft(exercise: StudentExercise, userId: string | undefined, preview: boolean) {
  const keep = !preview && userId !== undefined;
  const [initial] = useState(() => chooseDraft(exercise.draft, keep ? readLocalDraft(userId!, exercise.id) : null, exercise.starterCode));
  const [code, setCodeState] = useState(initial.code);
  const [state, setState] = useState<DraftState>('idle');
  const latest = useRef(code);
  const timer = useRef<number | undefined>(undefined);
  const unsent = useRef(initial.needsSync);

  const send = useCallback(async () => {
    if (!keep || !unsent.current) return;
    if (!navigator.onLine) return setState('offline');
    const sending = latest.current;
    setState('saving');
    try {
      const answer = await saveDraft(exercise.id, sending);
      if (latest.current !== sending) return;
      unsent.current = false;
      writeLocalDraft(userId!, exercise.id, { code: sending, savedAt: answer.savedAt ?? new Date().toISOString(), synced: true });
      setState('saved');
    } catch {
      // Kept in this browser all the same: the next change or the return of the connection sends it.
      setState(navigator.onLine ? 'failed' : 'offline');
    }
  }, [keep, exercise.id, userId]);

  const setCode = useCallback(
    (next: string) => {
      latest.current = next;
      setCodeState(next);
      if (!keep) return;
      unsent.current = true;
      writeLocalDraft(userId!, exercise.id, { code: next, savedAt: new Date().toISOString(), synced: false });
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void send(), DRAFT_DEBOUNCE_MS);
    },
    [keep, userId, exercise.id, send],
  );

  useEffect(() => {
    if (!keep) return;
    // Typed offline last time (or the server's copy is older): send it once the lesson has opened.
    if (unsent.current) timer.current = window.setTimeout(() => void send(), DRAFT_DEBOUNCE_MS);
    const online = () => void send();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      window.clearTimeout(timer.current);
    };
  }, [keep, send]);

  /** Back to the starter code: the local copy goes, the server gets the starter code as the draft. */
  const reset = useCallback(() => {
    if (keep) removeLocalDraft(userId!, exercise.id);
    setCode(exercise.starterCode);
  }, [keep, userId, exercise.id, exercise.starterCode, setCode]);

  return { code, setCode, reset, state };
}
