import { CODE_LENGTH } from '@common/limits';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';

/** The e-mailed one-time code: digits only, at most 6, offered by the OS from the e-mail (one-time-code). */
export function CodeField({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string;
  value: string;
  onChange: (code: string) => void;
  disabled?: boolean;
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>Verification Code</Label>
      <Input
        id={id}
        name="code"
        value={value}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_LENGTH}
        placeholder="000000"
        autoFocus
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        className="h-12 text-center font-mono text-2xl tracking-[0.5em] sm:text-2xl"
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Enter the {CODE_LENGTH}-digit code from the e-mail. It is valid for 10 minutes.
      </p>
    </div>
  );
}
