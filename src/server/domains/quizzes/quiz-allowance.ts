/**
 * How many attempts a student has at a quiz: the one owner of the rule. The student's quiz, the
 * grading of an attempt (which refuses one over the allowance) and the tutor's per-student figures
 * all ask it, so a granted attempt or a reset counts the same everywhere.
 */

/** The tutor's change to one student's allowance (table quiz_attempt_grants); none: the quiz's number as it is. */
export type AttemptGrant = { extraAttempts: number; attemptsBeforeReset: number };

export type AttemptsAllowance = {
  /** The quiz's number plus the attempts the tutor granted since the last reset; null: unlimited. */
  allowed: number | null;
  /** Attempts counted against it: those made since the tutor's last reset. */
  used: number;
  /** null: unlimited. */
  left: number | null;
};

/**
 * `attemptsAllowed` is the quiz's setting (null: unlimited), `made` every attempt the student has
 * made at it, before a reset or after.
 */
export function attemptsAllowance(attemptsAllowed: number | null, grant: AttemptGrant | null | undefined, made: number): AttemptsAllowance {
  const used = made - Math.min(grant?.attemptsBeforeReset ?? 0, made);
  if (attemptsAllowed === null) return { allowed: null, used, left: null };
  const allowed = attemptsAllowed + (grant?.extraAttempts ?? 0);
  return { allowed, used, left: Math.max(0, allowed - used) };
}
