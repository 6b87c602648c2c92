import { CODE_LENGTH, CODE_TTL_MINUTES } from '@common/limits';
import type { Ref } from 'react';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { FieldError } from './field-error';

/**
 * The e-mailed one-time code: digits only, at most 6, offered by the OS from the e-mail (one-time-code).
 * A refused code is said under the field (`error`), which the page then empties and focuses.
 */
export function CodeField({
  id,
  value,
  onChange,
  disabled,
  error,
  inputRef,
}: {
  id: string;
  value: string;
  onChange: (code: string) => void;
  disabled?: boolean;
  error?: string | null;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>Verification Code</Label>
      <Input
        ref={inputRef}
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
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
        className="h-12 text-center font-mono text-2xl tracking-[0.5em] sm:text-2xl"
      />
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Enter the {CODE_LENGTH}-digit code from the e-mail. It is valid for {CODE_TTL_MINUTES} minutes.
      </p>
    </div>
  );
}
