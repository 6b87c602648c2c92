import { LANGUAGE_LABELS, type ExerciseLanguage } from '@common/practice';
import { Badge } from '@web/components/ui/badge';

const variants = { c: 'secondary', java: 'amber', javascript: 'teal', webgl: 'rose' } as const;

export function LanguageBadge({ language }: { language: ExerciseLanguage }) {
  return (
    <Badge variant={variants[language]}>
      <span className="sr-only">Language: </span>
      {LANGUAGE_LABELS[language]}
    </Badge>
  );
}
