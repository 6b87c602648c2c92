import type { StudentExercise } from '@common/practice';
import { useCallback, useEffect, useRef, useState } from 'react';
import { saveDraft } from './api/save-draft';
import { chooseDraft, readLocalDraft, removeLocalDraft, writeLocalDraft, type DraftFile } from './draft-storage';

/** How long the student pauses before what they typed is sent to the server. */
export const DRAFT_DEBOUNCE_MS = 1000;

export type DraftState = 'idle' | 'saving' | 'saved' | 'offline' | 'failed';

/**
 * The code in the editor (the main file, and a Java exercise's further files, one tab each), kept twice:
 * in this browser at every keystroke (it survives a reload or a lost connection) and on the server a
 * second after the student stops typing. It opens with the newer of the two; what was typed offline is
 * sent when the browser is back online. The tutor's preview keeps nothing. The files are one draft: a
 * change in any tab saves them all.
 */
export function useExerciseDraft(exercise: StudentExercise, userId: string | undefined, preview: boolean) {
  const keep = !preview && userId !== undefined;
  const [initial] = useState(() =>
    chooseDraft(exercise.draft, keep ? readLocalDraft(userId!, exercise.id) : null, exercise.starterCode, exercise.studentFiles),
  );
  const [work, setWork] = useState<{ code: string; files: DraftFile[] }>({ code: initial.code, files: initial.files });
  const [state, setState] = useState<DraftState>('idle');
  const latest = useRef(work);
  const timer = useRef<number | undefined>(undefined);
  const unsent = useRef(initial.needsSync);

  const send = useCallback(async () => {
    if (!keep || !unsent.current) return;
    if (!navigator.onLine) return setState('offline');
    const sending = latest.current;
    setState('saving');
    try {
      const answer = await saveDraft(exercise.id, sending.code, sending.files);
      if (latest.current !== sending) return;
      unsent.current = false;
      writeLocalDraft(userId!, exercise.id, { ...sending, savedAt: answer.savedAt ?? new Date().toISOString(), synced: true });
      setState('saved');
    } catch {
      // Kept in this browser all the same: the next change or the return of the connection sends it.
      setState(navigator.onLine ? 'failed' : 'offline');
    }
  }, [keep, exercise.id, userId]);

  const setAll = useCallback(
    (next: { code: string; files: DraftFile[] }) => {
      latest.current = next;
      setWork(next);
      if (!keep) return;
      unsent.current = true;
      writeLocalDraft(userId!, exercise.id, { ...next, savedAt: new Date().toISOString(), synced: false });
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void send(), DRAFT_DEBOUNCE_MS);
    },
    [keep, userId, exercise.id, send],
  );

  /** The main file's code changed. */
  const setCode = useCallback((code: string) => setAll({ ...latest.current, code }), [setAll]);

  /** A further file's code changed (its tab). */
  const setFile = useCallback(
    (name: string, content: string) =>
      setAll({ ...latest.current, files: latest.current.files.map((f) => (f.name === name ? { name, content } : f)) }),
    [setAll],
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

  /**
   * Back to the starter code: every file (`file` undefined) or one file by name ('' for the main file). Resetting every
   * file also lets the local copy go; the server gets the starters as the draft.
   */
  const reset = useCallback(
    (file?: string) => {
      if (file === undefined) {
        if (keep) removeLocalDraft(userId!, exercise.id);
        setAll({ code: exercise.starterCode, files: exercise.studentFiles.map((f) => ({ name: f.name, content: f.starterCode })) });
      } else if (file === '') setCode(exercise.starterCode);
      else setFile(file, exercise.studentFiles.find((f) => f.name === file)?.starterCode ?? '');
    },
    [keep, userId, exercise.id, exercise.starterCode, exercise.studentFiles, setAll, setCode, setFile],
  );

  return { code: work.code, files: work.files, setCode, setFile, reset, state };
}
