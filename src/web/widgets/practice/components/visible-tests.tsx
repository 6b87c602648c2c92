import type { StudentExercise } from '@common/practice';
import { FileCodeIcon } from 'lucide-react';
import { useId } from 'react';
import { carriesPoints, pointsText } from '../result-text';
import { Disclosure } from './disclosure';
import { CodeBlock, OutputBlock } from './output-view';

const pointsBadge = 'rounded-md bg-muted px-1.5 py-0.5 text-xs font-normal text-muted-foreground tabular-nums';

/** The tests the student may see, as examples (their names, code and points), and how many more are hidden. */
export function VisibleTests({ exercise }: { exercise: StudentExercise }) {
  const { visibleTests, hiddenTestCount, language } = exercise;
  if (visibleTests.length === 0 && hiddenTestCount === 0) return null;
  const showPoints = carriesPoints(visibleTests);
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
            <li key={t.position}>
              {t.name.trim() && <span className="font-medium text-foreground">{t.name}: </span>}
              {t.expectedOutput || `Check ${t.position}`}
              {showPoints && <span className={`ml-2 ${pointsBadge}`}>{pointsText(t.points)}</span>}
            </li>
          ))}
        </ul>
        {hiddenText && <p className="text-muted-foreground">{hiddenText}</p>}
      </div>
    );
  }
  if (visibleTests.length === 0) return <p className="text-sm text-muted-foreground">{hiddenText}</p>;
  return (
    <Disclosure
      className="rounded-lg border text-sm"
      summary={<span className="font-medium">Examples ({visibleTests.length})</span>}
      panelClassName="grid gap-4 border-t px-3 py-3"
    >
      {visibleTests.map((t) => {
        const code = t.code.trim() ? t.code : null;
        return (
          <div key={t.position} className="grid gap-2" data-testid="visible-test">
            <p className="flex flex-wrap items-center gap-2 text-xs font-semibold">
              <span className="min-w-0 break-words">{t.name.trim() || `Test ${t.position}`}</span>
              {showPoints && <span className={pointsBadge}>{pointsText(t.points)}</span>}
            </p>
            {code && <CodeBlock label="Test Code" code={code} />}
            <div className="grid gap-2 md:grid-cols-2">
              {(t.input !== '' || !code) && <OutputBlock label="Input" text={t.input} />}
              <OutputBlock label="Expected output" text={t.expectedOutput} />
            </div>
          </div>
        );
      })}
      {hiddenText && <p className="text-muted-foreground">{hiddenText}</p>}
    </Disclosure>
  );
}

/**
 * The tutor's read-only files beside the student's (a header, a class to call, for JUnit the test class): each folds
 * under its name, to be read and copied from, never edited.
 */
export function SupportFiles({ files }: { files: StudentExercise['files'] }) {
  const titleId = useId();
  if (files.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className="grid gap-1 text-sm" data-testid="support-files">
      <p id={titleId} className="font-medium">
        Support Files
      </p>
      <ul className="grid gap-2">
        {files.map((file) => (
          <li key={file.name} className="rounded-lg border">
            <Disclosure
              summary={
                <span className="flex items-center gap-2 font-mono text-xs">
                  <FileCodeIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                  <span className="min-w-0 break-all">{file.name}</span>
                  <span className="font-sans text-muted-foreground">(read only)</span>
                </span>
              }
              panelClassName="border-t p-2"
            >
              <CodeBlock label={file.name} code={file.content} showLabel={false} />
            </Disclosure>
          </li>
        ))}
      </ul>
    </section>
  );
}
