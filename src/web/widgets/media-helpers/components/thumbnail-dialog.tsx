import type { Course } from '@common/courses';
import type { ThumbnailCandidatesResponse } from '@common/media-helpers';
import { IMAGE_PROMPT_MAX, MediaMessages, NUM_OUTPUTS_DEFAULT, NUM_OUTPUTS_MAX, NUM_OUTPUTS_MIN } from '@common/media-helpers-texts';
import { useMutation } from '@tanstack/react-query';
import { CheckIcon, ImageIcon, LoaderCircleIcon, SparklesIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { isApiError } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { toastSuccess } from '@web/lib/notify';
import { chooseThumbnail, generateThumbnails } from '../api/thumbnails';

type Props = {
  course: { id: string; title: string };
  /** The alternative image models (of the fixed IMAGE_ALT_MODELS) the server offers besides its default. */
  models: string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChosen: (course: Course) => void;
};

const COUNTS = Array.from({ length: NUM_OUTPUTS_MAX - NUM_OUTPUTS_MIN + 1 }, (_, i) => NUM_OUTPUTS_MIN + i);

function errorText(error: unknown) {
  if (isApiError(error)) return { title: error.title ?? 'Image Generation Failed', message: error.message };
  return { title: 'Image Generation Failed', message: 'Something went wrong. Please try again.' };
}

/** The dialog behind 'Generate thumbnail': a prompt, how many images (1 to 4), the offered images to choose from. */
export default function ThumbnailDialog({ course, models, open, onOpenChange, onChosen }: Props) {
  const ids = { prompt: useId(), promptError: useId(), count: useId(), model: useId(), hint: useId() };
  const [prompt, setPrompt] = useState(`A clean, friendly illustration for an online programming course called "${course.title}", no text`);
  const [count, setCount] = useState(NUM_OUTPUTS_DEFAULT);
  const [model, setModel] = useState('');
  const [promptMissing, setPromptMissing] = useState(false);
  const [offer, setOffer] = useState<ThumbnailCandidatesResponse | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);

  const generate = useMutation({
    mutationFn: () => generateThumbnails(course.id, { prompt: prompt.trim(), numOutputs: count, model: model || undefined }),
    onSuccess: (result) => {
      setOffer(result);
      setChosen(result.candidates.length === 1 ? result.candidates[0]!.id : null);
    },
  });
  const choose = useMutation({
    mutationFn: (candidateId: string) => chooseThumbnail(course.id, candidateId),
    onSuccess: ({ course: updated }) => {
      toastSuccess('Thumbnail updated', 'The chosen image is now the course thumbnail.');
      onChosen(updated);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // React events bubble through portals: the course details form around the button must not be submitted too.
    event.stopPropagation();
    if (generate.isPending) return;
    if (!prompt.trim()) {
      setPromptMissing(true);
      document.getElementById(ids.prompt)?.focus();
      return;
    }
    setPromptMissing(false);
    choose.reset();
    generate.mutate();
  };

  const failure = generate.error ?? choose.error;
  const busy = generate.isPending || choose.isPending;

  return (
    <Dialog open={open} onOpenChange={(next) => !choose.isPending && onOpenChange(next)}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-2xl overflow-y-auto" data-testid="thumbnail-dialog">
        <div className="pr-8">
          <DialogTitle>Generate thumbnail</DialogTitle>
          <DialogDescription className="mt-1.5">
            Describe the picture. The image service draws 1 to 4 versions; choose one to make it this course's thumbnail.
          </DialogDescription>
        </div>

        <form className="grid gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-2">
            <Label htmlFor={ids.prompt}>
              Prompt{' '}
              <span className="text-red-700 dark:text-red-400" aria-hidden="true">
                *
              </span>
            </Label>
            <Textarea
              id={ids.prompt}
              value={prompt}
              onChange={(e) => {
                setPrompt(e.target.value);
                if (promptMissing && e.target.value.trim()) setPromptMissing(false);
              }}
              required
              aria-required="true"
              aria-invalid={promptMissing || undefined}
              aria-describedby={promptMissing ? ids.promptError : ids.hint}
              maxLength={IMAGE_PROMPT_MAX}
              className="min-h-24"
              disabled={busy}
            />
            {promptMissing ? (
              <p id={ids.promptError} className="text-sm text-red-700 dark:text-red-400">
                {MediaMessages.promptRequired}
              </p>
            ) : (
              <p id={ids.hint} className="text-sm text-muted-foreground">
                Say what the picture shows and its style. Pictures without words work best as thumbnails.
              </p>
            )}
          </div>

          <div className="flex flex-wrap items-end gap-3">
            <div className="grid w-32 gap-2">
              <Label htmlFor={ids.count}>Number of images</Label>
              <Select id={ids.count} value={String(count)} onChange={(e) => setCount(Number(e.target.value))} disabled={busy}>
                {COUNTS.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </Select>
            </div>
            {models.length > 0 && (
              <div className="grid min-w-36 flex-1 gap-2 sm:max-w-56">
                <Label htmlFor={ids.model}>Model</Label>
                <Select id={ids.model} value={model} onChange={(e) => setModel(e.target.value)} disabled={busy}>
                  <option value="">Default</option>
                  {models.map((m) => (
                    <option key={m} value={m}>
                      {m}
                    </option>
                  ))}
                </Select>
              </div>
            )}
            <Button type="submit" disabled={busy} className="sm:ml-auto">
              {generate.isPending ? (
                <LoaderCircleIcon className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
              ) : (
                <SparklesIcon aria-hidden="true" />
              )}
              {generate.isPending ? 'Generating...' : offer ? 'Generate again' : 'Generate'}
            </Button>
          </div>
        </form>

        {failure && (
          <Alert variant="warning" role="alert">
            <div>
              <p className="font-semibold">{errorText(failure).title}</p>
              <p>{errorText(failure).message}</p>
            </div>
          </Alert>
        )}

        {generate.isPending && (
          <div role="status" className="grid grid-cols-2 gap-3" aria-label="Generating images">
            {Array.from({ length: count }, (_, i) => (
              <div key={i} className="flex aspect-video items-center justify-center rounded-lg border bg-muted motion-safe:animate-pulse">
                <ImageIcon className="size-6 text-muted-foreground" aria-hidden="true" />
              </div>
            ))}
            <span className="sr-only">Generating images. This can take up to a minute.</span>
          </div>
        )}

        {offer && !generate.isPending && (
          <fieldset className="grid gap-3" disabled={choose.isPending}>
            <legend className="mb-2 text-sm font-medium">Choose a thumbnail</legend>
            <div className={cn('grid gap-3', offer.candidates.length > 1 && 'grid-cols-2')}>
              {offer.candidates.map((c, i) => (
                <label
                  key={c.id}
                  className={cn(
                    'group relative cursor-pointer overflow-hidden rounded-lg border-2 bg-muted transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2',
                    chosen === c.id ? 'border-primary' : 'border-transparent hover:border-input',
                  )}
                >
                  <input
                    type="radio"
                    name="thumbnail"
                    value={c.id}
                    checked={chosen === c.id}
                    onChange={() => setChosen(c.id)}
                    className="sr-only"
                  />
                  <img
                    src={c.url}
                    alt={`Generated image ${i + 1} of ${offer.candidates.length}`}
                    className="aspect-video w-full object-cover"
                  />
                  {chosen === c.id && (
                    <span
                      className="absolute top-2 right-2 flex size-6 items-center justify-center rounded-full bg-primary text-primary-foreground shadow"
                      aria-hidden="true"
                    >
                      <CheckIcon className="size-4" />
                    </span>
                  )}
                </label>
              ))}
            </div>
            <p className="text-sm text-muted-foreground">
              {offer.failed > 0 && `${offer.failed} of the ${offer.failed + offer.candidates.length} images could not be made. `}
              {offer.budget.remaining === 1 ? '1 image left today.' : `${offer.budget.remaining} images left today.`} Images not chosen are
              discarded.
            </p>
          </fieldset>
        )}

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={choose.isPending}>
            Cancel
          </Button>
          {offer && (
            <Button type="button" disabled={!chosen || busy} onClick={() => chosen && choose.mutate(chosen)}>
              {choose.isPending ? (
                <LoaderCircleIcon className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
              ) : (
                <CheckIcon aria-hidden="true" />
              )}
              {choose.isPending ? 'Saving...' : 'Use as thumbnail'}
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
