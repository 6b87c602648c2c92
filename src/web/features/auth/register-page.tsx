import { ArrowLeftIcon, CheckIcon, CircleCheckBigIcon, ClockIcon, HomeIcon, LogInIcon, UserPlusIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { NAME_MAX } from '@common/limits';
import { paths } from '@web/lib/paths';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { APP_NAME } from '@web/lib/brand';
import { cn } from '@web/lib/cn';
import { toastError, toastInvalid, toastSuccess } from '@web/lib/notify';
import { useRegister } from './api/register';
import { useSendCode } from './api/send-code';
import { AuthLayout } from './components/auth-layout';
import { CodeField } from './components/code-field';
import { FieldError } from './components/field-error';
import {
  checkDetails,
  codeFieldMessage,
  emailFieldMessage,
  FieldMessages,
  firstInvalid,
  type Details,
  type DetailsErrors,
  type RegisterStep,
} from './registration';
import { useErrorsClearedOnStep } from './use-errors-cleared-on-step';
import { useHydrated } from '@web/lib/use-hydrated';
import { useTypedBeforeStart } from './use-typed-before-start';

const stepLabels: { step: RegisterStep; label: string }[] = [
  { step: 'details', label: 'Details' },
  { step: 'otp', label: 'Verify Email' },
  { step: 'success', label: 'Done' },
];

/** The steps, named on every screen: three short names fit a phone's width beside their numbers. */
function StepIndicator({ step }: { step: RegisterStep }) {
  const current = stepLabels.findIndex((s) => s.step === step);
  return (
    <ol className="mb-6 flex flex-wrap items-center justify-center gap-x-2 gap-y-1" aria-label="Registration progress">
      {stepLabels.map((s, i) => {
        const done = i < current || step === 'success';
        const active = i === current && step !== 'success';
        return (
          <li key={s.step} className="flex items-center gap-2" aria-current={i === current ? 'step' : undefined}>
            <span
              className={cn(
                'flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
                done && 'border-primary bg-primary text-primary-foreground',
                active && 'border-primary bg-secondary text-secondary-foreground',
                !done && !active && 'bg-card text-muted-foreground',
              )}
            >
              {done ? <CheckIcon className="size-3.5" aria-hidden="true" /> : i + 1}
            </span>
            <span className={cn('text-xs font-medium whitespace-nowrap', active ? 'text-foreground' : 'text-muted-foreground')}>
              {s.label}
              {done && <span className="sr-only"> (completed)</span>}
            </span>
            {i < stepLabels.length - 1 && <span aria-hidden="true" className="h-px w-4 bg-border sm:w-6" />}
          </li>
        );
      })}
    </ol>
  );
}

const linkClass =
  'rounded font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** Registration in three steps: the details (Continue sends the code), the code, the account created. */
export function RegisterPage() {
  const [step, setStep] = useState<RegisterStep>('details');
  const [details, setDetails] = useState<Details>({ firstName: '', lastName: '', email: '' });
  const [errors, setErrors] = useState<DetailsErrors>({});
  const [code, setCode] = useState('');
  // A new object for each refusal, so the same message twice still moves the focus back to the field.
  const [codeError, setCodeError] = useState<{ message: string } | null>(null);
  const sendCode = useSendCode();
  const register = useRegister();
  const ids = { firstName: useId(), lastName: useId(), email: useId(), code: useId() };
  const headingRef = useRef<HTMLHeadingElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const firstStep = useRef(true);
  const detailsForm = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  useTypedBeforeStart(detailsForm, (name, value) => {
    if (name === 'firstName' || name === 'lastName' || name === 'email') setDetails((d) => ({ ...d, [name]: value }));
  });

  useErrorsClearedOnStep(step);

  // Move focus to the new step's heading so keyboard and screen-reader users follow along (the code step focuses its field).
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    if (step !== 'otp') headingRef.current?.focus();
  }, [step]);

  // A refused code: the emptied field takes the focus back once it is enabled again.
  useEffect(() => {
    if (codeError && !register.isPending) codeRef.current?.focus();
  }, [codeError, register.isPending]);

  const field = (key: keyof Details) => ({
    id: ids[key],
    name: key,
    value: details[key],
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `${ids[key]}-error` : undefined,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setDetails((d) => ({ ...d, [key]: e.target.value }));
      setErrors(({ [key]: _, ...others }) => others);
    },
  });
  const fieldError = (key: keyof Details) => errors[key] && <FieldError id={`${ids[key]}-error`}>{errors[key]}</FieldError>;

  const showErrors = (found: DetailsErrors) => {
    setErrors(found);
    const first = firstInvalid(found);
    if (first) document.getElementById(ids[first])?.focus();
  };

  const requestCode = (address: string, onSent?: () => void) =>
    sendCode.mutate(
      { email: address, purpose: 'register' },
      {
        onSuccess: () => {
          toastSuccess('Verification Code Sent', `We sent a 6-digit code to ${address}.`);
          onSent?.();
        },
        onError: (error) => {
          const refused = emailFieldMessage(error);
          if (refused && step === 'details') return showErrors({ email: refused });
          toastError(error, {
            title: 'Failed to Send Code',
            message: 'Please check your email address and try again.',
            titleByCode: { VALIDATION_ERROR: 'Invalid Email' },
          });
        },
      },
    );

  const onDetailsSubmit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkDetails(details);
    if (!check.ok) {
      showErrors(check.errors);
      return toastInvalid(check.title, check.message);
    }
    setDetails(check.details);
    setErrors({});
    requestCode(check.details.email, () => {
      setCode('');
      setCodeError(null);
      setStep('otp');
    });
  };

  const onCodeSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setCodeError({ message: FieldMessages.code });
    register.mutate(
      { ...details, code: code.trim() },
      {
        onSuccess: () => {
          toastSuccess('Registration Successful!', 'Your account is pending administrator approval.');
          setStep('success');
        },
        onError: (error) => {
          const refused = codeFieldMessage(error);
          if (!refused) {
            return toastError(error, { title: 'Registration Failed', message: 'We could not create your account. Please try again.' });
          }
          setCode('');
          setCodeError({ message: refused });
        },
      },
    );
  };

  const heading = (text: string) => (
    <CardTitle asChild className="text-2xl focus:outline-none">
      <h1 ref={headingRef} tabIndex={-1}>
        {text}
      </h1>
    </CardTitle>
  );

  return (
    <AuthLayout title="Create Account">
      <StepIndicator step={step} />
      <Card className="shadow-lg">
        {step === 'details' && (
          <>
            <CardHeader className="text-center">
              {heading('Create Your Account')}
              <CardDescription>
                Join {APP_NAME} and start learning. Tell us who you are; your tutor approves every new student.
              </CardDescription>
            </CardHeader>
            <form ref={detailsForm} onSubmit={onDetailsSubmit} noValidate>
              <CardContent className="space-y-4">
                <div className="grid gap-4 sm:grid-cols-2">
                  <div className="space-y-2">
                    <Label htmlFor={ids.firstName}>First Name</Label>
                    <Input autoComplete="given-name" maxLength={NAME_MAX} autoFocus {...field('firstName')} />
                    {fieldError('firstName')}
                  </div>
                  <div className="space-y-2">
                    <Label htmlFor={ids.lastName}>Last Name</Label>
                    <Input autoComplete="family-name" maxLength={NAME_MAX} {...field('lastName')} />
                    {fieldError('lastName')}
                  </div>
                </div>
                <div className="space-y-2">
                  <Label htmlFor={ids.email}>Email</Label>
                  <Input type="email" autoComplete="email" placeholder="you@example.com" {...field('email')} />
                  {fieldError('email')}
                </div>
              </CardContent>
              <CardFooter className="flex-col items-stretch gap-4">
                <Button type="submit" size="lg" disabled={!hydrated || sendCode.isPending}>
                  {sendCode.isPending ? 'Sending Code...' : 'Continue'}
                </Button>
                <p className="text-center text-sm text-muted-foreground">
                  Next, we e-mail you a 6-digit code to make sure the address is yours.
                </p>
                <p className="text-center text-sm text-muted-foreground">
                  Already have an account?{' '}
                  <Link to={paths.login} className={linkClass}>
                    Sign in
                  </Link>
                </p>
              </CardFooter>
            </form>
          </>
        )}

        {step === 'otp' && (
          <>
            <CardHeader className="text-center">
              {heading('Enter Your Code')}
              <CardDescription>
                We sent a 6-digit code to <span className="font-medium text-foreground [overflow-wrap:anywhere]">{details.email}</span>.
                Enter it to confirm the address and create the account of{' '}
                <span className="font-medium text-foreground [overflow-wrap:anywhere]">
                  {details.firstName} {details.lastName}
                </span>
                .
              </CardDescription>
            </CardHeader>
            <form onSubmit={onCodeSubmit} noValidate>
              <CardContent>
                <CodeField
                  id={ids.code}
                  inputRef={codeRef}
                  value={code}
                  onChange={(typed) => {
                    setCode(typed);
                    setCodeError(null);
                  }}
                  disabled={register.isPending}
                  error={codeError?.message}
                />
              </CardContent>
              <CardFooter className="flex-col items-stretch gap-3">
                <Button type="submit" size="lg" disabled={register.isPending}>
                  <UserPlusIcon aria-hidden="true" />
                  {register.isPending ? 'Creating Account...' : 'Create Account'}
                </Button>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Button variant="ghost" size="sm" onClick={() => setStep('details')} disabled={register.isPending}>
                    <ArrowLeftIcon aria-hidden="true" />
                    Back to Details
                  </Button>
                  <Button
                    variant="link"
                    size="sm"
                    onClick={() => requestCode(details.email, () => setCodeError(null))}
                    disabled={sendCode.isPending || register.isPending}
                  >
                    {sendCode.isPending ? 'Sending...' : 'Resend Code'}
                  </Button>
                </div>
              </CardFooter>
            </form>
          </>
        )}

        {step === 'success' && (
          <>
            <CardHeader className="items-center text-center">
              <div className="mb-2 flex size-14 items-center justify-center rounded-full bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300">
                <CircleCheckBigIcon className="size-7" aria-hidden="true" />
              </div>
              {heading('Account Created')}
              <CardDescription className="[overflow-wrap:anywhere]">
                Welcome aboard, {details.firstName}! Your account has been created.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Alert variant="warning">
                <ClockIcon aria-hidden="true" />
                <div className="min-w-0 [overflow-wrap:anywhere]">
                  <p className="font-semibold">Pending administrator approval</p>
                  <p className="mt-1">
                    Your tutor reviews every new account. You&apos;ll receive an email at {details.email} once your account is approved, and
                    then you can sign in.
                  </p>
                </div>
              </Alert>
            </CardContent>
            {/* Stacked on a phone at their full height; side by side, sharing the width, from sm up. */}
            <CardFooter className="flex-col items-stretch gap-3 sm:flex-row">
              <Button asChild size="lg" className="sm:flex-1">
                <Link to={paths.login}>
                  <LogInIcon aria-hidden="true" />
                  Go to Sign In
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline" className="sm:flex-1">
                <Link to={paths.home}>
                  <HomeIcon aria-hidden="true" />
                  Back to Home
                </Link>
              </Button>
            </CardFooter>
          </>
        )}
      </Card>
    </AuthLayout>
  );
}

export { RegisterPage as Component };
