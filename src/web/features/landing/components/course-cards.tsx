import { ArrowRightIcon, CalendarIcon, CheckIcon, CpuIcon, CoffeeIcon, BoxIcon, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@web/lib/paths';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { courseCopy, levelBadge, marketingCourses } from '../content';
import { SectionHeading } from './section-heading';

const icons: LucideIcon[] = [CpuIcon, CoffeeIcon, BoxIcon];
const accents = ['from-teal-500 to-emerald-500', 'from-indigo-500 to-violet-500', 'from-amber-500 to-rose-500'];

export function CourseCards() {
  return (
    <section id="courses" aria-labelledby="courses-title" className="scroll-mt-20 py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="courses-title" eyebrow="Courses" title="Three paths, one goal: real skills">
          From the fundamentals every programmer needs to graphics that run on the GPU.
        </SectionHeading>
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {marketingCourses.map((course, i) => {
            const Icon = icons[i] ?? CpuIcon;
            const copy = courseCopy[course.title];
            return (
              <li
                key={course.title}
                className="flex flex-col overflow-hidden rounded-2xl border bg-card shadow-sm transition hover:shadow-md"
              >
                <div className={`h-1.5 bg-gradient-to-r ${accents[i] ?? accents[0]}`} aria-hidden="true" />
                <div className="flex flex-1 flex-col p-6">
                  <div className="flex items-start justify-between gap-3">
                    <div className="flex size-11 items-center justify-center rounded-xl bg-muted text-foreground">
                      <Icon className="size-5" aria-hidden="true" />
                    </div>
                    <Badge variant={levelBadge[course.level]}>{course.level}</Badge>
                  </div>
                  <h3 className="mt-5 text-xl font-semibold">{course.title}</h3>
                  <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
                    <CalendarIcon className="size-4" aria-hidden="true" />
                    {course.weeks} weeks
                  </p>
                  <p className="mt-4 text-sm leading-relaxed text-muted-foreground">{copy.description}</p>
                  <ul className="mt-5 flex-1 space-y-2 text-sm">
                    {copy.topics.map((topic) => (
                      <li key={topic} className="flex items-start gap-2">
                        <CheckIcon className="mt-0.5 size-4 shrink-0 text-teal" aria-hidden="true" />
                        {topic}
                      </li>
                    ))}
                  </ul>
                  <Button asChild variant="outline" className="mt-6">
                    <Link to={paths.register}>
                      Join this course<span className="sr-only">: {course.title}</span>
                      <ArrowRightIcon aria-hidden="true" />
                    </Link>
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
