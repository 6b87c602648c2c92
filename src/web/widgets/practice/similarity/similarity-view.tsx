import type { AdminExercise } from '@common/practice';
import type { SimilarityOverview } from '@common/similarity';
import { SIMILARITY_THRESHOLD_DEFAULT, SimilarityMessages, similarityPercent } from '@common/similarity-texts';
import { LoaderCircleIcon, ScanSearchIcon, SplitIcon, TriangleAlertIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { StudentTable } from '@web/components/student-table';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { Spinner } from '@web/components/ui/spinner';
import { formatDate } from '@web/lib/format-date';
import { toastFailure } from '@web/lib/notify';
import { useCheckSimilarity, useSimilarity } from '../api/similarity';

/** The thresholds the tutor picks from, in percent of matching code. */
const THRESHOLDS = [30, 40, 50, 60, 70, 80, 90];

type Props = { exercise: AdminExercise; onOpenPair: (pairId: string) => void };

/** 'Check Similarity' for one exercise: the threshold, the button, and the pairs the last check found. */
export function SimilarityView({ exercise, onOpenPair }: Props) {
  const similarity = useSimilarity(exercise.id);
  const checkSimilarity = useCheckSimilarity(exercise.id);
  const [chosen, setChosen] = useState<number | null>(null);
  const thresholdId = useId();

  if (similarity.isPending) return <Spinner label="Loading the similarity check…" showLabel className="py-10" />;
  if (similarity.isError)
    return (
      <p role="alert" className="text-sm text-muted-foreground">
        The similarity check could not be loaded.
      </p>
    );
  const data: SimilarityOverview = similarity.data;
  const check = data.check;
  const results = check?.results ?? null;
  const threshold = chosen ?? check?.threshold ?? SIMILARITY_THRESHOLD_DEFAULT;
  const busy = check?.status === 'queued' || check?.status === 'running';
  const tooFew = data.submittedStudents < 2;

  const start = () =>
    checkSimilarity.mutate(threshold, {
      onError: (err) => toastFailure(err, 'Failed to start the check'),
    });

  return (
    <div className="grid min-w-0 gap-4">
      <p className="text-sm text-muted-foreground">{SimilarityMessages.intro}</p>

      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={thresholdId}>Threshold</Label>
          <Select id={thresholdId} className="w-44" value={threshold} onChange={(e) => setChosen(Number(e.target.value))} disabled={busy}>
            {THRESHOLDS.map((t) => (
              <option key={t} value={t}>
                {t}% matching
              </option>
            ))}
          </Select>
        </div>
        <Button onClick={start} disabled={busy || tooFew || checkSimilarity.isPending}>
          {busy || checkSimilarity.isPending ? (
            <LoaderCircleIcon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
          ) : (
            <ScanSearchIcon aria-hidden="true" />
          )}
          {results ? 'Check Again' : 'Check Similarity'}
        </Button>
      </div>

      <div aria-live="polite" className="grid gap-2 empty:hidden">
        {tooFew && <p className="text-sm text-muted-foreground">{SimilarityMessages.tooFew}</p>}
        {busy && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
            {check?.status === 'queued' ? SimilarityMessages.queuedStatus : SimilarityMessages.runningStatus}
          </p>
        )}
        {check?.status === 'failed' && (
          <Alert variant="warning" role="alert">
            <TriangleAlertIcon aria-hidden="true" />
            <p>{check.error ?? SimilarityMessages.failed}</p>
          </Alert>
        )}
        {results && !busy && (
          <p className="text-sm">
            {SimilarityMessages.summary({
              date: formatDate(results.finishedAt),
              compared: results.compared,
              pairsAbove: results.pairsAbove,
              threshold: results.threshold,
              listed: data.pairs.length,
            })}
          </p>
        )}
      </div>

      {!check && !tooFew && (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">{SimilarityMessages.none}</p>
      )}

      {results && results.threshold !== threshold && !busy && (
        <p className="text-sm text-muted-foreground">{SimilarityMessages.thresholdChanged}</p>
      )}

      {results &&
        (data.pairs.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            {SimilarityMessages.noPairs(results.threshold)}
          </p>
        ) : (
          <StudentTable
            label="Similar pairs"
            caption="Pairs of students with similar code, the most similar first"
            columns={[
              { header: 'Students' },
              { header: 'Matching code' },
              { header: 'Fragments', wideOnly: true },
              { header: 'Compare', srOnly: true },
            ]}
          >
            {data.pairs.map((p) => (
              <tr key={p.id} data-testid="similarity-pair">
                <td className="px-3 py-2">
                  <span className="block font-medium break-words">{p.left.name}</span>
                  <span className="block break-words">
                    <span className="text-muted-foreground">and </span>
                    {p.right.name}
                  </span>
                </td>
                <td className="px-3 py-2">
                  <span className="font-semibold tabular-nums">{similarityPercent(p.similarity)}</span>
                  <span aria-hidden="true" className="mt-1 block h-1.5 w-20 overflow-hidden rounded-full bg-muted">
                    <span className="block h-full bg-primary" style={{ width: similarityPercent(p.similarity) }} />
                  </span>
                </td>
                <td className="hidden px-3 py-2 text-muted-foreground tabular-nums sm:table-cell">
                  {p.fragments}, longest {p.longestLines} {p.longestLines === 1 ? 'line' : 'lines'}
                </td>
                <td className="px-3 py-2 text-right">
                  <Button variant="outline" size="sm" onClick={() => onOpenPair(p.id)}>
                    <SplitIcon aria-hidden="true" />
                    Compare
                    <span className="sr-only">
                      {' '}
                      the code of {p.left.name} and {p.right.name}
                    </span>
                  </Button>
                </td>
              </tr>
            ))}
          </StudentTable>
        ))}
    </div>
  );
}
