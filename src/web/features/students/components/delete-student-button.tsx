import { Trash2Icon } from 'lucide-react';
import { Button } from '@web/components/ui/button';

/** A student row's Delete, named for the student it deletes; the page asks for confirmation. */
export function DeleteStudentButton({ fullName, disabled, onClick }: { fullName: string; disabled: boolean; onClick: () => void }) {
  return (
    <Button
      size="sm"
      variant="outline"
      className="text-destructive hover:text-destructive dark:text-red-400 dark:hover:text-red-400"
      onClick={onClick}
      disabled={disabled}
      aria-label={`Delete Student ${fullName}`}
    >
      <Trash2Icon aria-hidden="true" />
      Delete
    </Button>
  );
}
