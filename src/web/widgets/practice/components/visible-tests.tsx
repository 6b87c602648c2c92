import type { StudentExercise } from '@common/practice';
import { OutputBlock } from './output-view';

/** The tests the student may see, as examples, and how many more are hidden. */
export function VisibleTests({ exercise }: { exercise: StudentExercise }) {
  const { visibleTests, hiddenTestCount, language } = exercise;
  if (visibleTests.length === 0 && hiddenTestCount === 0) return null;
  const hiddenText =
    hiddenTestCount === 0
      ? ''
      : `${hiddenTestCount} hidden ${hiddenTestCount === 1 ? 'test also checks' : 'tests also check'} your code when you submit.`;
  if (language === 'webgl') {
    return (
      <div className="grid gap-1 text-sm">
        <p className="font-medium">What is checked</p>
        <ul className="list-disc pl-5 text-muted-foreground">
          {visibleTests.map((t) => (
            <li key={t.position}>{t.expectedOutput || `Check ${t.position}`}</li>
          ))}
        </ul>
        {hiddenText && <p className="text-muted-foreground">{hiddenText}</p>}
      </div>
    );
  }
  return (
    <details className="rounded-lg border text-sm">
      <summary className="cursor-pointer rounded-lg px-3 py-2 font-medium hover:bg-muted/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        Examples ({visibleTests.length})
      </summary>
      <div className="grid gap-3 border-t px-3 py-3">
        {visibleTests.map((t) => (
          <div key={t.position} className="grid gap-2">
            <p className="text-xs font-semibold">Test {t.position}</p>
            <div className="grid gap-2 md:grid-cols-2">
              <OutputBlock label="Input" text={t.input} />
              <OutputBlock label="Expected output" text={t.expectedOutput} />
            </div>
          </div>
        ))}
        {hiddenText && <p className="text-muted-foreground">{hiddenText}</p>}
      </div>
    </details>
  );
}
