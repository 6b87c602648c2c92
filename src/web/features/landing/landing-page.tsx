import { DocumentTitle } from '@web/components/document-title';
import { SiteFooter } from '@web/components/site-footer';
import { SiteHeader } from '@web/components/site-header';
import { Benefits } from './components/benefits';
import { CourseCards } from './components/course-cards';
import { FinalCta } from './components/final-cta';
import { Hero } from './components/hero';
import { HowYouLearn } from './components/how-you-learn';
import { SampleLesson } from './components/sample-lesson';

/** The public landing page. */
export function LandingPage() {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <DocumentTitle />
      <SiteHeader showSections />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <Hero />
        <HowYouLearn />
        <CourseCards />
        <SampleLesson />
        <Benefits />
        <FinalCta />
      </main>
      <SiteFooter />
    </div>
  );
}

export { LandingPage as Component };
