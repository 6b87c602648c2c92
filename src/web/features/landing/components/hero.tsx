import { ArrowRightIcon, BotIcon, CodeIcon, PlayCircleIcon, UserCheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import { paths, PREVIEW_ANCHOR } from '@web/lib/paths';
import { Button } from '@web/components/ui/button';
import { dashboardHref, useSession } from '@web/lib/auth';
import { APP_NAME } from '@web/lib/brand';

function CodeWindow() {
  return (
    <div aria-hidden="true" className="relative mx-auto mb-6 w-full max-w-md lg:max-w-none">
      <div className="absolute -inset-4 rounded-3xl bg-gradient-to-br from-indigo-500/25 via-transparent to-teal-500/25 blur-2xl" />
      <div className="relative overflow-hidden rounded-2xl border border-slate-800 bg-slate-950 shadow-2xl">
        <div className="flex items-center gap-2 border-b border-slate-800 px-4 py-3">
          <span className="size-3 rounded-full bg-rose-400" />
          <span className="size-3 rounded-full bg-amber-300" />
          <span className="size-3 rounded-full bg-emerald-400" />
          <span className="ml-3 font-mono text-xs text-slate-300">hello.c</span>
        </div>
        <pre className="overflow-x-auto p-5 font-mono text-[13px] leading-6 text-slate-200 sm:text-sm">
          <code>
            <span className="text-slate-400">{'// Lesson 1: your very first program'}</span>
            {'\n'}
            <span className="text-pink-300">#include</span> <span className="text-amber-200">&lt;stdio.h&gt;</span>
            {'\n\n'}
            <span className="text-sky-300">int</span> <span className="text-indigo-200">main</span>(
            <span className="text-sky-300">void</span>) {'{'}
            {'\n  '}
            <span className="text-indigo-200">printf</span>(<span className="text-emerald-300">&quot;Hello, future developer!\n&quot;</span>
            );
            {'\n  '}
            <span className="text-pink-300">return</span> <span className="text-amber-200">0</span>;{'\n'}
            {'}'}
          </code>
        </pre>
        <div className="border-t border-slate-800 bg-slate-900 px-5 py-3 font-mono text-xs text-emerald-300">$ ./hello{'\n'}</div>
        <div className="bg-slate-900 px-5 pb-4 font-mono text-xs text-slate-200">Hello, future developer!</div>
      </div>
      <div className="absolute -bottom-10 -left-3 hidden items-center gap-2 rounded-xl border bg-card px-3 py-2 text-sm shadow-lg sm:flex">
        <BotIcon className="size-4 text-teal" />
        <span className="text-card-foreground">AI tutor: &quot;Great! Now try printing your name.&quot;</span>
      </div>
    </div>
  );
}

export function Hero() {
  const { session } = useSession();
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_10%_-10%,rgba(79,70,229,0.12),transparent),radial-gradient(50rem_30rem_at_90%_10%,rgba(13,148,136,0.10),transparent)] dark:bg-[radial-gradient(60rem_30rem_at_10%_-10%,rgba(129,140,248,0.16),transparent),radial-gradient(50rem_30rem_at_90%_10%,rgba(45,212,191,0.10),transparent)]"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 pb-16 pt-12 sm:px-6 sm:pt-20 lg:grid-cols-[1.1fr_1fr] lg:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1 text-sm font-medium text-muted-foreground shadow-xs">
            <UserCheckIcon className="size-4 text-teal" aria-hidden="true" />
            Personal programming tutoring
          </p>
          <h1 id="hero-title" className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Learn to code with a tutor{' '}
            <span className="bg-gradient-to-r from-indigo-600 to-teal-700 bg-clip-text text-transparent dark:from-indigo-300 dark:to-teal-300">
              who has your back
            </span>
          </h1>
          {/* What practice is, said first: the product's strongest feature. */}
          <p data-testid="practice-pitch" className="mt-6 max-w-xl text-lg leading-relaxed font-medium text-foreground">
            Practice with real exercises in C, Java, JavaScript and WebGL, right in the lesson: press Run and your code is graded in
            seconds, with instant feedback on every test.
          </p>
          <p className="mt-4 max-w-xl text-lg leading-relaxed text-muted-foreground">
            {APP_NAME} takes you from your first{' '}
            <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-[0.9em] text-foreground">printf</code> to 3D graphics in the
            browser. Short video lessons, real projects, an AI helper on every lesson, and a real tutor who knows your name and answers your
            questions.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to={session ? dashboardHref(session.user) : paths.register}>
                Start Free
                <ArrowRightIcon aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href={`#${PREVIEW_ANCHOR}`}>
                <PlayCircleIcon aria-hidden="true" />
                Watch Demo
              </a>
            </Button>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
            <li className="flex items-center gap-2">
              <CodeIcon className="size-4 text-teal" aria-hidden="true" />
              Beginner friendly
            </li>
            <li className="flex items-center gap-2">
              <BotIcon className="size-4 text-teal" aria-hidden="true" />
              AI help on every lesson
            </li>
            <li className="flex items-center gap-2">
              <PlayCircleIcon className="size-4 text-teal" aria-hidden="true" />
              Free sample lesson
            </li>
          </ul>
        </div>
        <CodeWindow />
      </div>
    </section>
  );
}
