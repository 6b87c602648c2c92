import { TEST_NAME_MAX, type ExerciseLanguage, type OutputMatch } from '@common/practice';
import { Trash2Icon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import type { TestValues } from '../exercise-form-values';

export const WEBGL_CHECK_HINT =
  'A JavaScript function body. It sees width, height, pixel(u, v) → {r, g, b, a} with u and v from 0 to 1 from the top-left, ' +
  'share(predicate) (the share of pixels for which it is true) and isColor(p, r, g, b, tolerance). Return true, false or a message.';

/** What test code looks like in each language, as the placeholder of the field. */
const TEST_CODE_PLACEHOLDER: Record<ExerciseLanguage, string> = {
  c: 'int a = 1, b = 2;\nswap(&a, &b);\nprintf("%d %d\\n", a, b);',
  java: 'Rectangle r = new Rectangle(3, 4);\nSystem.out.println(r.area());',
  javascript: 'console.log(swap([1, 2]).join(" "));',
  webgl: '',
};

type Props = {
  number: number;
  language: ExerciseLanguage;
  test: TestValues;
  onChange: (patch: Partial<TestValues>) => void;
  onRemove: (() => void) | undefined;
};

/** One test of the form: input and expected output (or, for WebGL, the check and its description). */
export function TestCaseFields({ number, language, test, onChange, onRemove }: Props) {
  const ids = {
    input: useId(),
    output: useId(),
    hidden: useId(),
    match: useId(),
    exit: useId(),
    hint: useId(),
    name: useId(),
    code: useId(),
    codeHint: useId(),
    points: useId(),
  };
  const webgl = language === 'webgl';
  return (
    <fieldset className="grid min-w-0 gap-3 rounded-lg border p-3 sm:p-4" data-testid="exercise-test">
      <legend className="px-1 text-sm font-semibold">Test {number}</legend>
      <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
        <div className="grid gap-2">
          <Label htmlFor={ids.name}>
            Test Name <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Input
            id={ids.name}
            maxLength={TEST_NAME_MAX}
            placeholder={webgl ? 'e.g. the square is red' : 'e.g. swap exchanges 1 and 2'}
            value={test.name}
            onChange={(e) => onChange({ name: e.target.value })}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.points}>Points</Label>
          <Input id={ids.points} inputMode="numeric" value={test.points} onChange={(e) => onChange({ points: e.target.value })} />
        </div>
      </div>
      {!webgl && (
        <div className="grid gap-2">
          <Label htmlFor={ids.code}>
            Test Code <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Textarea
            id={ids.code}
            className="min-h-20 font-mono text-sm"
            spellCheck={false}
            placeholder={TEST_CODE_PLACEHOLDER[language]}
            aria-describedby={ids.codeHint}
            value={test.code}
            onChange={(e) => onChange({ code: e.target.value })}
          />
          <p id={ids.codeHint} className="text-xs text-muted-foreground">
            Code that calls the student&apos;s functions or classes and prints what the expected output checks. With test code, the
            student&apos;s own main does not run for this test.
          </p>
        </div>
      )}
      <div className="grid gap-3 md:grid-cols-2">
        <div className="grid content-start gap-2">
          <Label htmlFor={ids.input}>{webgl ? 'Check' : 'Input'}</Label>
          <Textarea
            id={ids.input}
            className="min-h-24 font-mono text-sm"
            spellCheck={false}
            value={test.input}
            aria-describedby={webgl ? ids.hint : undefined}
            onChange={(e) => onChange({ input: e.target.value })}
          />
          {webgl && (
            <p id={ids.hint} className="text-xs text-muted-foreground">
              {WEBGL_CHECK_HINT}
            </p>
          )}
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={ids.output}>{webgl ? 'Description' : 'Expected Output'}</Label>
          <Textarea
            id={ids.output}
            className={webgl ? 'min-h-24 text-sm' : 'min-h-24 font-mono text-sm'}
            spellCheck={webgl}
            value={test.expectedOutput}
            onChange={(e) => onChange({ expectedOutput: e.target.value })}
          />
          {webgl && <p className="text-xs text-muted-foreground">What the student reads about this check.</p>}
        </div>
      </div>
      <div className="flex flex-wrap items-end gap-x-4 gap-y-3">
        <div className="flex h-10 items-center gap-2">
          <input
            id={ids.hidden}
            type="checkbox"
            className="size-4 rounded border-input accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
            checked={test.hidden}
            onChange={(e) => onChange({ hidden: e.target.checked })}
          />
          <Label htmlFor={ids.hidden}>Hidden</Label>
        </div>
        {!webgl && (
          <>
            <div className="grid gap-2">
              <Label htmlFor={ids.match}>Compare</Label>
              <Select id={ids.match} value={test.match} onChange={(e) => onChange({ match: e.target.value as OutputMatch })}>
                <option value="exact">Exact</option>
                <option value="trailing_whitespace">Ignore trailing whitespace</option>
              </Select>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={ids.exit}>
                Expected exit code <span className="font-normal text-muted-foreground">(optional)</span>
              </Label>
              <Input
                id={ids.exit}
                className="w-32"
                inputMode="numeric"
                placeholder="Any"
                value={test.exitCode}
                onChange={(e) => onChange({ exitCode: e.target.value })}
              />
            </div>
          </>
        )}
        {onRemove && (
          <Button
            variant="ghost"
            className="ml-auto text-red-700 hover:bg-red-50 hover:text-red-800 dark:text-red-400 dark:hover:bg-red-950/50"
            onClick={onRemove}
          >
            <Trash2Icon aria-hidden="true" />
            Remove<span className="sr-only"> test {number}</span>
          </Button>
        )}
      </div>
    </fieldset>
  );
}
