import { CircleCheckBigIcon, ClockIcon, HomeIcon, LockIcon, LogInIcon, MailIcon, SendIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { CONTACT_MESSAGE_MAX, CONTACT_REPLY_HOURS } from '@common/limits';
import { paths } from '@web/lib/paths';
import { DocumentTitle } from '@web/components/document-title';
import { SiteFooter } from '@web/components/site-footer';
import { SiteHeader } from '@web/components/site-header';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { Textarea } from '@web/components/ui/textarea';
import { isApiError } from '@web/lib/api';
import { useSession, type Session } from '@web/lib/auth';
import { APP_NAME } from '@web/lib/brand';
import { usePublicConfig } from '@web/lib/public-config';
import { toastError, toastInvalid, toastSuccess } from '@web/lib/notify';
import { useSendContactMessage } from './api/send-contact-message';

/** The direct route to the tutor: contact details beside the form, and the alternative for visitors who are signed out. */
function DirectContact({ signedIn }: { signedIn: boolean }) {
  const contactEmail = usePublicConfig()?.contactEmail;
  return (
    <Card className="self-start">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <MailIcon className="size-5 text-primary" aria-hidden="true" />
          Contact me directly
        </CardTitle>
        <CardDescription>
          {contactEmail ? (
            <>
              Prefer your own e-mail app? Write to{' '}
              <a href={`mailto:${contactEmail}`} className="font-medium text-primary underline underline-offset-4">
                {contactEmail}
              </a>
              .
            </>
          ) : signedIn ? (
            'Your message goes straight to my inbox, and my reply comes to the e-mail address you give here, so you can keep the conversation going from your own mail app.'
          ) : (
            'Prefer plain e-mail? Sign in and your message goes straight to my inbox; my reply comes back to your own mail app, so we can carry on there.'
          )}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <ClockIcon className="mt-0.5 size-4 shrink-0 text-teal" aria-hidden="true" />
          <span>I usually reply within about {CONTACT_REPLY_HOURS} hours.</span>
        </p>
      </CardContent>
    </Card>
  );
}

function LoginRequired() {
  const location = useLocation();
  return (
    <div className="grid gap-6 lg:grid-cols-[1.4fr_1fr]">
      <Card className="text-center">
        <CardHeader className="items-center">
          <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
            <LockIcon className="size-6" aria-hidden="true" />
          </div>
          <CardTitle>Login Required</CardTitle>
          <CardDescription className="max-w-sm">
            Please sign in to send a message. It keeps spam out and lets me see which course you are asking about.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild>
            <Link to={paths.login} state={{ from: location }}>
              <LogInIcon aria-hidden="true" />
              Log In
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.register}>Create Account</Link>
          </Button>
        </CardContent>
      </Card>
      <DirectContact signedIn={false} />
    </div>
  );
}

function ContactForm({ session }: { session: Session }) {
  const [email, setEmail] = useState(session.user.email);
  // A message started elsewhere (?message=…, a link that prefills it), for the sender to finish.
  const [searchParams] = useSearchParams();
  const [message, setMessage] = useState(() => (searchParams.get('message') ?? '').slice(0, CONTACT_MESSAGE_MAX));
  const [sent, setSent] = useState(false);
  const send = useSendContactMessage();
  const emailId = useId();
  const messageId = useId();
  const canSend = email.trim() !== '' && message.trim() !== '';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend) return toastInvalid('Missing Information', 'Please fill in both your email and message.');
    send.mutate(
      { email: email.trim(), message: message.trim() },
      {
        onSuccess: () => {
          toastSuccess('Message Sent Successfully!', `Thanks! I'll get back to you within about ${CONTACT_REPLY_HOURS} hours.`);
          setSent(true);
        },
        onError: (error) => {
          // A 401 also signs the page out (query client), which swaps the form for the Login Required panel.
          if (isApiError(error) && error.status === 401) return toastInvalid('Authentication Required', 'Please log in to send a message.');
          toastError(error, {
            title: 'Failed to Send Message',
            message: 'There was an error sending your message. Please try again or contact me directly.',
          });
        },
      },
    );
  };

  if (sent) {
    return (
      <Card className="mx-auto max-w-xl text-center">
        <CardHeader className="items-center">
          <div className="mb-2 flex size-14 items-center justify-center rounded-full bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300">
            <CircleCheckBigIcon className="size-7" aria-hidden="true" />
          </div>
          <CardTitle>Message Sent Successfully!</CardTitle>
          <CardDescription>
            Thank you for reaching out. I&apos;ll reply to {email.trim()} within about {CONTACT_REPLY_HOURS} hours.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col justify-center gap-3 sm:flex-row">
          <Button
            onClick={() => {
              setMessage('');
              setSent(false);
            }}
          >
            <SendIcon aria-hidden="true" />
            Send Another Message
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.home}>
              <HomeIcon aria-hidden="true" />
              Return to Home
            </Link>
          </Button>
        </CardContent>
      </Card>
    );
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[1.4fr_1fr]">
      <Card>
        <CardHeader>
          <CardTitle>Send a message</CardTitle>
          <CardDescription>Questions about a course, your progress or something you are building? Ask away.</CardDescription>
        </CardHeader>
        <form onSubmit={onSubmit} noValidate>
          <CardContent className="space-y-5">
            <div className="space-y-2">
              <Label htmlFor={emailId}>Your Email</Label>
              <Input id={emailId} type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
            </div>
            <div className="space-y-2">
              <Label htmlFor={messageId}>Message</Label>
              <Textarea
                id={messageId}
                name="message"
                rows={7}
                maxLength={CONTACT_MESSAGE_MAX}
                placeholder="Hi! I have a question about..."
                value={message}
                onChange={(e) => setMessage(e.target.value)}
              />
            </div>
            <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={!canSend || send.isPending}>
              <SendIcon aria-hidden="true" />
              {send.isPending ? 'Sending...' : 'Send Message'}
            </Button>
          </CardContent>
        </form>
      </Card>
      <DirectContact signedIn />
    </div>
  );
}

/** Contact the tutor: public page, the form for signed-in users only. */
export function ContactPage() {
  const { session, isPending } = useSession();
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <DocumentTitle title="Contact" />
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
          <div className="mb-10 max-w-2xl">
            <p className="text-sm font-semibold uppercase tracking-wider text-teal">Contact</p>
            <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Get in touch</h1>
            <p className="mt-3 text-lg text-muted-foreground">
              Stuck on a concept, unsure which course fits you, or curious how {APP_NAME} works? Send me a message and I&apos;ll answer
              personally.
            </p>
          </div>
          {isPending ? (
            <div aria-busy="true" className="grid gap-6 lg:grid-cols-[1.4fr_1fr]">
              <Skeleton className="h-80 rounded-xl" />
              <Skeleton className="h-48 rounded-xl" />
            </div>
          ) : session ? (
            <ContactForm session={session} />
          ) : (
            <LoginRequired />
          )}
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}

export { ContactPage as Component };
