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
import { checkDetails, type Details, type RegisterStep } from './registration';
import { useErrorsClearedOnStep } from './use-errors-cleared-on-step';
import { useHydrated } from '@web/lib/use-hydrated';
import { useTypedBeforeStart } from './use-typed-before-start';

const stepLabels: { step: RegisterStep; label: string }[] = [
  { step: 'details', label: 'Details' },
  { step: 'email', label: 'Email' },
  { step: 'otp', label: 'Verify' },
  { step: 'success', label: 'Done' },
];

function StepIndicator({ step }: { step: RegisterStep }) {
  const current = stepLabels.findIndex((s) => s.step === step);
  return (
    <ol className="mb-6 flex items-center justify-center gap-2" aria-label="Registration progress">
      {stepLabels.map((s, i) => {
        const done = i < current || step === 'success';
        const active = i === current && step !== 'success';
        return (
          <li key={s.step} className="flex items-center gap-2" aria-current={i === current ? 'step' : undefined}>
            <span
              className={cn(
                'flex size-7 items-center justify-center rounded-full border text-xs font-semibold',
                done && 'border-primary bg-primary text-primary-foreground',
                active && 'border-primary bg-secondary text-secondary-foreground',
                !done && !active && 'bg-card text-muted-foreground',
              )}
            >
              {done ? <CheckIcon className="size-3.5" aria-hidden="true" /> : i + 1}
            </span>
            <span className={cn('text-xs font-medium', active ? 'text-foreground' : 'text-muted-foreground', 'max-sm:sr-only')}>
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

/** Four-step registration: details, e-mail, code, success. */
export function RegisterPage() {
  const [step, setStep] = useState<RegisterStep>('details');
  const [details, setDetails] = useState<Details>({ firstName: '', lastName: '', email: '' });
  const [code, setCode] = useState('');
  const sendCode = useSendCode();
  const register = useRegister();
  const ids = { first: useId(), last: useId(), email: useId(), code: useId() };
  const headingRef = useRef<HTMLHeadingElement>(null);
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

  const field = (key: keyof Details) => ({
    value: details[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setDetails((d) => ({ ...d, [key]: e.target.value })),
  });

  const onDetailsSubmit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkDetails(details);
    if (!check.ok) return toastInvalid(check.title, check.message);
    setDetails(check.details);
    setStep('email');
  };

  const requestCode = (onSent?: () => void) =>
    sendCode.mutate(
      { email: details.email, purpose: 'register' },
      {
        onSuccess: () => {
          toastSuccess('Verification Code Sent', `We sent a 6-digit code to ${details.email}.`);
          onSent?.();
        },
        onError: (error) =>
          toastError(error, {
            title: 'Failed to Send Code',
            message: 'Please check your email address and try again.',
            titleByCode: { VALIDATION_ERROR: 'Invalid Email' },
          }),
      },
    );

  const onCodeSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return toastInvalid('Verification Code Required', 'Please enter the verification code.');
    register.mutate(
      { ...details, code: code.trim() },
      {
        onSuccess: () => {
          toastSuccess('Registration Successful!', 'Your account is pending administrator approval.');
          setStep('success');
        },
        onError: (error) =>
          toastError(error, { title: 'Registration Failed', message: 'We could not create your account. Please try again.' }),
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
                    <Label htmlFor={ids.first}>First Name</Label>
                    <Input
                      id={ids.first}
                      name="firstName"
                      autoComplete="given-name"
                      maxLength={NAME_MAX}
                      autoFocus
                      {...field('firstName')}
                    />
                  </div>
                  <div className="space-y-2">
                    <Label htmlFor={ids.last}>Last Name</Label>
                    <Input id={ids.last} name="lastName" autoComplete="family-name" maxLength={NAME_MAX} {...field('lastName')} />
                  </div>
                </div>
                <div className="space-y-2">
                  <Label htmlFor={ids.email}>Email</Label>
                  <Input id={ids.email} name="email" type="email" autoComplete="email" placeholder="you@example.com" {...field('email')} />
                </div>
              </CardContent>
              <CardFooter className="flex-col items-stretch gap-4">
                <Button type="submit" size="lg" disabled={!hydrated}>
                  Continue
                </Button>
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

        {step === 'email' && (
          <>
            <CardHeader className="text-center">
              {heading('Verify Your Email')}
              <CardDescription>We&apos;ll send a 6-digit code to your e-mail to make sure it&apos;s yours.</CardDescription>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg border bg-muted/50 p-4 text-sm">
                <dt className="text-muted-foreground">Name</dt>
                <dd className="min-w-0 font-medium [overflow-wrap:anywhere]">
                  {details.firstName} {details.lastName}
                </dd>
                <dt className="text-muted-foreground">Email</dt>
                <dd className="min-w-0 font-medium [overflow-wrap:anywhere]">{details.email}</dd>
              </dl>
            </CardContent>
            <CardFooter className="flex-col items-stretch gap-3">
              <Button
                size="lg"
                onClick={() =>
                  requestCode(() => {
                    setCode('');
                    setStep('otp');
                  })
                }
                disabled={sendCode.isPending}
              >
                {sendCode.isPending ? 'Sending Code...' : 'Send Code'}
              </Button>
              <Button variant="ghost" onClick={() => setStep('details')} disabled={sendCode.isPending}>
                <ArrowLeftIcon aria-hidden="true" />
                Back to Details
              </Button>
            </CardFooter>
          </>
        )}

        {step === 'otp' && (
          <>
            <CardHeader className="text-center">
              {heading('Enter Your Code')}
              <CardDescription>
                We sent a verification code to <span className="font-medium text-foreground [overflow-wrap:anywhere]">{details.email}</span>
                .
              </CardDescription>
            </CardHeader>
            <form onSubmit={onCodeSubmit} noValidate>
              <CardContent>
                <CodeField id={ids.code} value={code} onChange={setCode} disabled={register.isPending} />
              </CardContent>
              <CardFooter className="flex-col items-stretch gap-3">
                <Button type="submit" size="lg" disabled={register.isPending}>
                  <UserPlusIcon aria-hidden="true" />
                  {register.isPending ? 'Creating Account...' : 'Create Account'}
                </Button>
                <div className="flex items-center justify-between gap-2">
                  <Button variant="ghost" size="sm" onClick={() => setStep('email')} disabled={register.isPending}>
                    <ArrowLeftIcon aria-hidden="true" />
                    Back to Email
                  </Button>
                  <Button variant="link" size="sm" onClick={() => requestCode()} disabled={sendCode.isPending || register.isPending}>
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
