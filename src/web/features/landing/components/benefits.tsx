import { AwardIcon, BotIcon, ClockIcon, MessageCircleHeartIcon, SmartphoneIcon, TrendingUpIcon, type LucideIcon } from 'lucide-react';
import { SectionHeading } from './section-heading';
import { APP_NAME } from '@web/lib/brand';

const benefits: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: 'A tutor, not a content farm',
    text: 'Every student is welcomed personally, and your questions reach a real person who knows the material inside out.',
    icon: MessageCircleHeartIcon,
  },
  {
    title: 'AI help on every lesson',
    text: 'Stuck at midnight? The AI tutor knows which lesson you are on and explains it another way, as many times as you need.',
    icon: BotIcon,
  },
  {
    title: 'Learn at your own pace',
    text: 'No deadlines and no live sessions to miss. Short lessons fit into a lunch break or a quiet evening.',
    icon: ClockIcon,
  },
  {
    title: 'See your progress',
    text: 'Mark lessons complete and watch each course fill up. Always know what comes next.',
    icon: TrendingUpIcon,
  },
  {
    title: 'Earn a certificate',
    text: 'Finish a course and receive a certificate of completion to show what you have achieved.',
    icon: AwardIcon,
  },
  {
    title: 'Learn anywhere',
    text: 'Works on your laptop, tablet or phone, in light or dark mode, whichever is easier on your eyes.',
    icon: SmartphoneIcon,
  },
];

export function Benefits() {
  return (
    <section id="why" aria-labelledby="benefits-title" className="scroll-mt-20 py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="benefits-title" eyebrow="Why learn here" title={`Why students choose ${APP_NAME}`}>
          Everything you need to keep going, and nothing that gets in your way.
        </SectionHeading>
        <ul className="mt-14 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
          {benefits.map(({ title, text, icon: Icon }) => (
            <li key={title} className="flex gap-4">
              <div className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
                <Icon className="size-5" aria-hidden="true" />
              </div>
              <div>
                <h3 className="font-semibold">{title}</h3>
                <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
