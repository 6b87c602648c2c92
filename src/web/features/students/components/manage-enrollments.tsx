import type { ApprovedStudent, StudentsOverviewResponse } from '@common/students';
import { BookOpenIcon, CheckCircle2Icon, CircleIcon, LoaderCircleIcon, MinusIcon, PlusIcon, SearchIcon, UsersIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import type { EnrollmentChange } from '../api/enroll-student';
import { coursesLabel } from './approved-table';
import { EmptyPanel } from '@web/components/empty-panel';

type Course = StudentsOverviewResponse['publishedCourses'][number];

const matches = (s: ApprovedStudent, text: string) => {
  const t = text.trim().toLowerCase();
  return !t || s.fullName.toLowerCase().includes(t) || s.email.toLowerCase().includes(t);
};

export function ManageEnrollments({
  students,
  courses,
  busy,
  onEnroll,
  onUnenroll,
}: {
  students: ApprovedStudent[];
  courses: Course[];
  /** The enrollment being changed. */
  busy: EnrollmentChange | undefined;
  onEnroll: (student: ApprovedStudent, course: Course) => void;
  onUnenroll: (student: ApprovedStudent, course: Course) => void;
}) {
  const [filter, setFilter] = useState('');
  const filterId = useId();
  if (students.length === 0) return <EmptyPanel icon={UsersIcon}>Approve students first to manage their course enrollments.</EmptyPanel>;
  if (courses.length === 0) return <EmptyPanel icon={BookOpenIcon}>Create and publish courses first to manage enrollments.</EmptyPanel>;

  const shown = students.filter((s) => matches(s, filter));
  return (
    <div className="flex flex-col gap-4">
      <h2 className="sr-only">Manage Enrollments</h2>
      <div className="flex flex-col gap-2 sm:max-w-sm">
        <Label htmlFor={filterId}>Filter students</Label>
        <div className="relative">
          <SearchIcon
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={filterId}
            type="search"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            placeholder="Name or email"
            className="pl-9"
          />
        </div>
      </div>
      {shown.length === 0 ? (
        <p className="rounded-xl border border-dashed bg-card px-6 py-8 text-center text-muted-foreground">
          No approved students match “{filter.trim()}”.
        </p>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2" aria-label="Approved students and their enrollments">
          {shown.map((student) => {
            const enrolled = new Set(student.enrolledCourseIds);
            const headingId = `enroll-${student.id}`;
            return (
              <li key={student.id} data-student-id={student.id}>
                <Card className="flex h-full flex-col gap-4 p-4 sm:p-5" role="group" aria-labelledby={headingId}>
                  <div className="flex flex-col items-start gap-2 sm:flex-row sm:justify-between sm:gap-3">
                    <div className="min-w-0">
                      <h3 id={headingId} className="font-semibold leading-tight">
                        {student.fullName}
                      </h3>
                      <p className="mt-0.5 text-sm text-muted-foreground [overflow-wrap:anywhere]">{student.email}</p>
                    </div>
                    <Badge variant="secondary" className="shrink-0 tabular-nums">
                      {coursesLabel(student.enrolledCount)} enrolled
                    </Badge>
                  </div>
                  <ul className="flex flex-col divide-y rounded-lg border" aria-label={`Published courses for ${student.fullName}`}>
                    {courses.map((course) => {
                      const isEnrolled = enrolled.has(course.id);
                      const isBusy = busy?.studentId === student.id && busy.courseId === course.id;
                      const name = `${student.fullName} ${isEnrolled ? 'from' : 'in'} ${course.title}`;
                      return (
                        <li key={course.id} className="flex items-center justify-between gap-3 px-3 py-2.5">
                          <span className="flex min-w-0 items-center gap-2 text-sm">
                            {isEnrolled ? (
                              <CheckCircle2Icon className="size-4 shrink-0 text-success" aria-hidden="true" />
                            ) : (
                              <CircleIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                            )}
                            <span className="min-w-0 break-words">{course.title}</span>
                            <span className="sr-only">{isEnrolled ? '(enrolled)' : '(not enrolled)'}</span>
                          </span>
                          {isEnrolled ? (
                            <Button
                              size="sm"
                              variant="outline"
                              disabled={isBusy}
                              onClick={() => onUnenroll(student, course)}
                              aria-label={`Unenroll ${name}`}
                            >
                              {isBusy ? (
                                <LoaderCircleIcon className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
                              ) : (
                                <MinusIcon aria-hidden="true" />
                              )}
                              Unenroll
                            </Button>
                          ) : (
                            <Button
                              size="sm"
                              variant="secondary"
                              disabled={isBusy}
                              onClick={() => onEnroll(student, course)}
                              aria-label={`Enroll ${name}`}
                            >
                              {isBusy ? (
                                <LoaderCircleIcon className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
                              ) : (
                                <PlusIcon aria-hidden="true" />
                              )}
                              Enroll
                            </Button>
                          )}
                        </li>
                      );
                    })}
                  </ul>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
