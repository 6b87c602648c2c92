import { ArrowRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@web/lib/paths';
import { Button } from '@web/components/ui/button';
import { dashboardHref, useSession } from '@web/lib/auth';

export function FinalCta() {
  const { session } = useSession();
  return (
    <section aria-labelledby="cta-title" className="px-4 pb-20 sm:px-6">
      <div className="relative mx-auto max-w-6xl overflow-hidden rounded-3xl bg-gradient-to-br from-indigo-700 via-indigo-800 to-teal-800 px-6 py-14 text-center text-white shadow-xl sm:px-12">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          Ready to write your first line of code?
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-indigo-100">
          Create your free account today. Your tutor will welcome you in, and your first lesson is waiting.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button
            asChild
            size="lg"
            className="bg-white text-indigo-800 hover:bg-indigo-50 focus-visible:ring-white focus-visible:ring-offset-indigo-800"
          >
            <Link to={session ? dashboardHref(session.user) : paths.register}>
              {session ? 'Continue where you left off' : 'Create your free account'}
              <ArrowRightIcon aria-hidden="true" />
            </Link>
          </Button>
          <Button
            asChild
            size="lg"
            variant="ghost"
            className="text-white hover:bg-white/10 focus-visible:ring-white focus-visible:ring-offset-indigo-800"
          >
            <Link to={paths.contact}>Ask a question first</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
