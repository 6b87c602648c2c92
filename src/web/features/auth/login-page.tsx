import { ArrowLeftIcon, MailIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '@web/lib/paths';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { APP_NAME } from '@web/lib/brand';
import { toastError, toastInvalid, toastSuccess } from '@web/lib/notify';
import { useLogin } from './api/login';
import { useSendCode } from './api/send-code';
import { AuthLayout } from './components/auth-layout';
import { CodeField } from './components/code-field';
import { FieldError } from './components/field-error';
import { codeFieldMessage, emailFieldMessage, FieldMessages } from './registration';
import { DevToolsPanel } from './components/dev-tools-panel';
import { useCompleteSignIn } from './use-complete-sign-in';
import { useErrorsClearedOnStep } from './use-errors-cleared-on-step';
import { useHydrated } from '@web/lib/use-hydrated';
import { useTypedBeforeStart } from './use-typed-before-start';

const linkClass =
  'rounded text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

const sendCodeFailed = {
  title: 'Failed to Send Code',
  message: 'Please check your email address and try again.',
  titleByCode: { VALIDATION_ERROR: 'Invalid Email' },
};

/** Two-step sign-in with an e-mailed code. */
export function LoginPage() {
  const [step, setStep] = useState<'email' | 'otp'>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  // Said under the fields; a new object for each refusal, so the same message twice still moves the focus back.
  const [emailError, setEmailError] = useState<{ message: string } | null>(null);
  const [codeError, setCodeError] = useState<{ message: string } | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const sendCode = useSendCode();
  const login = useLogin();
  const completeSignIn = useCompleteSignIn();
  const emailId = useId();
  const codeId = useId();
  const emailForm = useRef<HTMLFormElement>(null);
  useTypedBeforeStart(emailForm, (name, value) => name === 'email' && setEmail(value));
  const hydrated = useHydrated();
  useErrorsClearedOnStep(step);

  // A refused code: the emptied field takes the focus back once it is enabled again.
  useEffect(() => {
    if (codeError && !login.isPending) codeRef.current?.focus();
  }, [codeError, login.isPending]);

  useEffect(() => {
    if (emailError && !sendCode.isPending) document.getElementById(emailId)?.focus();
  }, [emailError, sendCode.isPending, emailId]);
  const refuseEmail = (message: string) => setEmailError({ message });

  const requestCode = (address: string, onSent?: () => void) =>
    sendCode.mutate(
      { email: address, purpose: 'login' },
      {
        onSuccess: () => {
          toastSuccess('Verification Code Sent', `We sent a 6-digit code to ${address}.`);
          onSent?.();
        },
        onError: (error) => {
          const refused = emailFieldMessage(error);
          if (refused && step === 'email') return refuseEmail(refused);
          toastError(error, sendCodeFailed);
        },
      },
    );

  const onEmailSubmit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      refuseEmail(FieldMessages.email);
      return toastInvalid('Email Required', 'Please enter your email address.');
    }
    setEmail(address);
    requestCode(address, () => {
      setCode('');
      setCodeError(null);
      setStep('otp');
    });
  };

  const onCodeSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setCodeError({ message: FieldMessages.code });
    login.mutate(
      { email, code: code.trim() },
      {
        onSuccess: completeSignIn,
        onError: (error) => {
          const refused = codeFieldMessage(error);
          if (!refused) return toastError(error, { title: 'Verification Failed', message: 'Invalid verification code. Please try again.' });
          setCode('');
          setCodeError({ message: refused });
        },
      },
    );
  };

  return (
    <AuthLayout title="Sign In" aside={<DevToolsPanel />}>
      <Card className="shadow-lg">
        {step === 'email' ? (
          <>
            <CardHeader className="text-center">
              <div className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
                <MailIcon className="size-6" aria-hidden="true" />
              </div>
              <CardTitle asChild className="text-2xl">
                <h1>Sign In</h1>
              </CardTitle>
              <CardDescription>
                Welcome back to {APP_NAME}. Enter your e-mail and we&apos;ll send you a sign-in code. No password needed.
              </CardDescription>
            </CardHeader>
            <form ref={emailForm} onSubmit={onEmailSubmit} noValidate>
              <CardContent className="space-y-2">
                <Label htmlFor={emailId}>Email</Label>
                <Input
                  id={emailId}
                  type="email"
                  name="email"
                  autoComplete="email"
                  placeholder="you@example.com"
                  value={email}
                  onChange={(e) => {
                    setEmail(e.target.value);
                    setEmailError(null);
                  }}
                  disabled={sendCode.isPending}
                  aria-invalid={emailError ? true : undefined}
                  aria-describedby={emailError ? `${emailId}-error` : undefined}
                />
                {emailError && <FieldError id={`${emailId}-error`}>{emailError.message}</FieldError>}
              </CardContent>
              <CardFooter className="flex-col items-stretch gap-4">
                <Button type="submit" size="lg" disabled={sendCode.isPending || !hydrated}>
                  {sendCode.isPending ? 'Sending Code...' : 'Send Code'}
                </Button>
                <p className="text-center text-sm text-muted-foreground">
                  Don&apos;t have an account?{' '}
                  <Link to={paths.register} className={linkClass}>
                    Create one
                  </Link>
                </p>
                <Link
                  to={paths.home}
                  className={`${linkClass} inline-flex items-center justify-center gap-1.5 self-center text-muted-foreground`}
                >
                  <ArrowLeftIcon className="size-4" aria-hidden="true" />
                  Back to Home
                </Link>
              </CardFooter>
            </form>
          </>
        ) : (
          <>
            <CardHeader className="text-center">
              <div className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
                <MailIcon className="size-6" aria-hidden="true" />
              </div>
              <CardTitle asChild className="text-2xl">
                <h1>Check Your Email</h1>
              </CardTitle>
              <CardDescription>
                We sent a verification code to <span className="font-medium text-foreground [overflow-wrap:anywhere]">{email}</span>.
              </CardDescription>
            </CardHeader>
            <form onSubmit={onCodeSubmit} noValidate>
              <CardContent>
                <CodeField
                  id={codeId}
                  inputRef={codeRef}
                  value={code}
                  onChange={(typed) => {
                    setCode(typed);
                    setCodeError(null);
                  }}
                  disabled={login.isPending}
                  error={codeError?.message}
                />
              </CardContent>
              <CardFooter className="flex-col items-stretch gap-3">
                <Button type="submit" size="lg" disabled={login.isPending}>
                  {login.isPending ? 'Signing In...' : 'Sign In'}
                </Button>
                <div className="flex items-center justify-between gap-2">
                  <Button variant="ghost" size="sm" onClick={() => setStep('email')} disabled={login.isPending}>
                    <ArrowLeftIcon aria-hidden="true" />
                    Back to Email
                  </Button>
                  <Button
                    variant="link"
                    size="sm"
                    onClick={() => requestCode(email, () => setCodeError(null))}
                    disabled={sendCode.isPending || login.isPending}
                  >
                    {sendCode.isPending ? 'Sending...' : 'Resend Code'}
                  </Button>
                </div>
              </CardFooter>
            </form>
          </>
        )}
      </Card>
    </AuthLayout>
  );
}

export { LoginPage as Component };
