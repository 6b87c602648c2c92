import { CompassIcon, HammerIcon, LifeBuoyIcon, ListOrderedIcon, type LucideIcon } from 'lucide-react';
import { SectionHeading } from './section-heading';

const steps: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: 'Choose Your Path',
    text: 'Start with C if you are new, move on to Java for object-oriented design, or dive into WebGL for 3D graphics.',
    icon: CompassIcon,
  },
  {
    title: 'Learn Step-by-Step',
    text: 'Short videos and clear PDF notes, one concept at a time. Your progress is saved, so you pick up right where you left off.',
    icon: ListOrderedIcon,
  },
  {
    title: 'Build Real Projects',
    text: 'Every chapter ends in something that runs: command-line tools, applications and interactive 3D scenes.',
    icon: HammerIcon,
  },
  {
    title: 'Get Support',
    text: 'Ask the AI tutor about the lesson you are on, any time, and reach your tutor directly when you need a human.',
    icon: LifeBuoyIcon,
  },
];

export function HowYouLearn() {
  return (
    <section id="how" aria-labelledby="how-title" className="scroll-mt-20 border-y bg-card py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="how-title" eyebrow="The method" title="How You'll Learn">
          A clear path from zero to confident, with help at every step.
        </SectionHeading>
        <ol className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map(({ title, text, icon: Icon }, i) => (
            <li key={title} className="relative rounded-2xl border bg-background p-6">
              <div className="flex items-center justify-between">
                <div className="flex size-11 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
                  <Icon className="size-5" aria-hidden="true" />
                </div>
                <span className="font-mono text-sm font-semibold text-muted-foreground">
                  <span className="sr-only">Step </span>0{i + 1}
                </span>
              </div>
              <h3 className="mt-5 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
