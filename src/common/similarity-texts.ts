/** The texts and limits of the similarity checks, without zod, so that the web's screens can import them cheaply. */

/** The tutor chooses the threshold, in percent of matching code, between these; the screen starts at the default. */
export const SIMILARITY_THRESHOLD_MIN = 10;
export const SIMILARITY_THRESHOLD_MAX = 100;
export const SIMILARITY_THRESHOLD_DEFAULT = 50;
/** At most this many pairs are kept per check, the most similar first (the count above the threshold is kept too). */
export const SIMILARITY_PAIRS_KEPT = 200;

export const SimilarityMessages = {
  exerciseNotFound: 'Exercise not found',
  pairNotFound: 'This pair is not among the results of the last check. Check again to see the current pairs.',
  alreadyRunning: 'A check of this exercise is already queued or running. Wait for it to finish.',
  threshold: `The threshold is a whole percentage from ${SIMILARITY_THRESHOLD_MIN} to ${SIMILARITY_THRESHOLD_MAX}.`,
  queued: 'Check queued. This page shows the pairs when it finishes.',
  failed: 'The check could not be finished.',
  interrupted: 'Interrupted: the app stopped during the check.',
  tooFew: 'Fewer than two students have submitted this exercise, so there is nothing to compare yet.',
  intro:
    "Compares every student's last submission of this exercise with every other's, leaving the starter code out. The code is read, never run.",
  none: 'No similarity check of this exercise yet.',
  queuedStatus: 'Check queued…',
  runningStatus: 'Checking the submissions…',
  noPairs: (threshold: number) => `No pair of students reaches ${threshold}% matching code.`,
  summary: (o: { date: string; compared: number; pairsAbove: number; threshold: number; listed: number }) =>
    `Checked ${o.date}: ${o.compared} ${o.compared === 1 ? "student's last submission" : "students' last submissions"} compared, ` +
    `${o.pairsAbove} ${o.pairsAbove === 1 ? 'pair' : 'pairs'} at or above ${o.threshold}%` +
    (o.listed < o.pairsAbove ? ` (the ${o.listed} most similar listed).` : '.'),
  thresholdChanged: 'The pairs below are from the last check; check again to apply the new threshold.',
  pairIntro:
    'Matching fragments are highlighted in both programs and numbered beside their lines. Choose a fragment to bring it into view in both.',
} as const;

/** '73%': a share of matching code as the screens and the list show it. */
export const similarityPercent = (share: number) => `${Math.round(share * 100)}%`;
