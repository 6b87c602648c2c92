import type { Course } from '@common/courses';
import type { DbHelperUser } from '@common/database-helper';
import { CheckIcon, CoffeeIcon, LoaderCircleIcon, PlusIcon, SearchIcon, SearchXIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { paths } from '@web/lib/paths';
import { PageHeader } from '@web/components/page-header';
import { Badge } from '@web/components/ui/badge';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { formatDate } from '@web/lib/format-date';
import { toastSuccess } from '@web/lib/notify';
import { useApproveUser } from './api/approve-user';
import { useEnrollUser } from './api/enroll-user';
import { useDatabaseOverview } from './api/get-database-overview';
import { toastFailure } from '@web/lib/notify';
import { useDebouncedValue } from './use-debounced-value';

/**
 * The search box starts with a fixed default value: the empty one.
 * We start empty: an empty search lists every user (newest first), exactly what a catch-all
 * value such as '@' would list, and the tutor can type at once without clearing the box first.
 * A search in the address (?search=...) is kept, so a reload or a shared link shows the same list.
 */
const DEFAULT_SEARCH = '';
const SEARCH_DEBOUNCE_MS = 300;
/** DB_HELPER_SEARCH_MAX of @common/database-helper, copied: importing it would pull zod into this page. */
const SEARCH_MAX = 200;

const statusBadge = {
  pending: { variant: 'amber', label: 'Pending' },
  approved: { variant: 'green', label: 'Approved' },
  rejected: { variant: 'rose', label: 'Rejected' },
} as const;

function PublishedBadge({ published }: { published: boolean }) {
  return <Badge variant={published ? 'green' : 'outline'}>{published ? 'Published' : 'Draft'}</Badge>;
}

function JavaCourseCard({ course }: { course: Course | null }) {
  if (!course) {
    return (
      <Card className="border-dashed p-5">
        <p className="font-semibold">No Java course yet</p>
        <p className="mt-1 text-sm text-muted-foreground">Create a course with “Java” in its title to enroll students from here.</p>
      </Card>
    );
  }
  return (
    <Card className="border-primary/40 bg-secondary/60 p-5 sm:p-6" aria-labelledby="java-course-title" role="region">
      <div className="flex items-start gap-4">
        <div className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground max-sm:hidden">
          <CoffeeIcon className="size-5" aria-hidden="true" />
        </div>
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold uppercase tracking-wide text-secondary-foreground">Java course</p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <h2 id="java-course-title" className="text-lg font-semibold leading-tight">
              {course.title}
            </h2>
            <PublishedBadge published={course.isPublished} />
          </div>
          <p className="mt-1 break-all font-mono text-xs text-muted-foreground">ID: {course.id}</p>
          <p className="mt-3 text-sm">{course.description || 'No description provided.'}</p>
          {!course.isPublished && (
            <p className="mt-3 text-sm font-medium text-warning-foreground">Publish this course before enrolling students in it.</p>
          )}
        </div>
      </div>
    </Card>
  );
}

function UserCard({
  user,
  javaCourse,
  approving,
  enrolling,
  onApprove,
  onEnroll,
}: {
  user: DbHelperUser;
  javaCourse: Course | null;
  approving: boolean;
  enrolling: boolean;
  onApprove: () => void;
  onEnroll: () => void;
}) {
  const badge = statusBadge[user.approvalStatus];
  const isStudent = user.role === 'student';
  const canApprove = isStudent && user.approvalStatus === 'pending';
  const canEnroll = isStudent && user.approvalStatus === 'approved' && javaCourse !== null;
  const headingId = `user-${user.id}`;
  return (
    <Card className="flex h-full flex-col gap-3 p-4 sm:p-5" role="group" aria-labelledby={headingId} data-user-id={user.id}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="min-w-0 font-semibold leading-tight [overflow-wrap:anywhere]">
          {user.fullName}
        </h3>
        <Badge variant={badge.variant}>{badge.label}</Badge>
        {user.role === 'admin' && <Badge variant="secondary">Admin</Badge>}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Email</dt>
        <dd className="min-w-0 [overflow-wrap:anywhere]">{user.email}</dd>
        <dt className="text-muted-foreground">ID</dt>
        <dd className="min-w-0 break-all font-mono text-xs leading-5">{user.id}</dd>
        <dt className="text-muted-foreground">Created</dt>
        <dd>
          <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
        </dd>
      </dl>
      {(canApprove || canEnroll) && (
        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          {canApprove && (
            <Button size="sm" onClick={onApprove} disabled={approving} aria-label={`Approve ${user.fullName}`}>
              {approving ? (
                <LoaderCircleIcon className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
              ) : (
                <CheckIcon aria-hidden="true" />
              )}
              Approve
            </Button>
          )}
          {canEnroll &&
            (user.enrolledInJava ? (
              <Button size="sm" variant="outline" disabled aria-label={`Enrolled in Java: ${user.fullName}`}>
                <CheckIcon aria-hidden="true" />
                Enrolled
              </Button>
            ) : (
              <Button
                size="sm"
                variant="secondary"
                onClick={onEnroll}
                disabled={enrolling || !javaCourse.isPublished}
                aria-label={`Enroll in Java: ${user.fullName}`}
              >
                {enrolling ? (
                  <LoaderCircleIcon className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
                ) : (
                  <PlusIcon aria-hidden="true" />
                )}
                Enroll in Java
              </Button>
            ))}
        </div>
      )}
    </Card>
  );
}

export function DatabaseHelperPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [search, setSearch] = useState(() => searchParams.get('search') ?? DEFAULT_SEARCH);
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const overview = useDatabaseOverview(debounced);
  const approve = useApproveUser();
  const enroll = useEnrollUser();
  const searchId = useId();
  const hintId = useId();

  useEffect(() => {
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (debounced === DEFAULT_SEARCH) next.delete('search');
        else next.set('search', debounced);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [debounced, setSearchParams]);

  useEffect(() => {
    if (overview.isError) toastFailure(overview.error, 'Failed to load data. Please try again.');
  }, [overview.isError, overview.errorUpdatedAt, overview.error]);

  const data = overview.data;
  const javaCourse = data?.javaCourse ?? null;
  const searching = overview.isFetching && (overview.isPlaceholderData || debounced !== search.trim());

  const doApprove = (user: DbHelperUser) =>
    approve.mutate(user.id, {
      onSuccess: () => toastSuccess(`${user.fullName} has been approved successfully!`),
      onError: (error) => toastFailure(error, 'Failed to approve user. Please try again.'),
    });

  const doEnroll = (user: DbHelperUser, course: Course) =>
    enroll.mutate(
      { userId: user.id, courseId: course.id },
      {
        onSuccess: () => toastSuccess(`${user.fullName} has been enrolled in ${course.title}!`),
        onError: (error) => toastFailure(error, 'Failed to enroll user. Please try again.'),
      },
    );

  return (
    <>
      <PageHeader
        title="Database Helper"
        subtitle="Find users, approve registrations and enroll students in the Java course."
        back={{ to: paths.admin.students, label: 'Back to Students' }}
      />

      <form role="search" className="mb-6 flex flex-col gap-2" onSubmit={(e) => e.preventDefault()}>
        <Label htmlFor={searchId}>Search by name, surname, or email</Label>
        <div className="relative sm:max-w-md">
          <SearchIcon
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={searchId}
            type="search"
            value={search}
            maxLength={SEARCH_MAX}
            onChange={(e) => setSearch(e.target.value)}
            aria-describedby={hintId}
            placeholder="e.g. smith or @example.com"
            autoComplete="off"
            spellCheck={false}
            className="pl-9 pr-9"
          />
          {searching && (
            <LoaderCircleIcon
              className="absolute right-3 top-1/2 size-4 -translate-y-1/2 animate-spin text-muted-foreground motion-reduce:animate-none"
              aria-hidden="true"
            />
          )}
        </div>
        <p id={hintId} className="text-xs text-muted-foreground">
          Any part of a name, surname or email, in any case. Leave empty to list everyone.
        </p>
      </form>

      {!data && overview.isPending && <Spinner showLabel label="Loading database..." className="py-20" />}

      {!data && overview.isError && (
        <LoadError
          message="Failed to load data. Please try again."
          onRetry={() => void overview.refetch()}
          retrying={overview.isFetching}
        />
      )}

      {data && (
        <div className="flex flex-col gap-10">
          <JavaCourseCard course={javaCourse} />

          <section aria-labelledby="results-title" aria-busy={searching}>
            <h2 id="results-title" className="mb-4 text-lg font-semibold">
              Search Results ({data.userCount} {data.userCount === 1 ? 'user' : 'users'} found)
            </h2>
            <p role="status" className="sr-only">
              {searching ? 'Searching...' : `${data.userCount} ${data.userCount === 1 ? 'user' : 'users'} found`}
            </p>
            {data.users.length === 0 ? (
              <div className="flex flex-col items-center rounded-xl border border-dashed bg-card px-6 py-12 text-center">
                <SearchXIcon className="mb-3 size-6 text-muted-foreground" aria-hidden="true" />
                <p className="text-muted-foreground">No users found matching the search text</p>
              </div>
            ) : (
              <>
                <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
                  {data.users.map((user) => (
                    <li key={user.id}>
                      <UserCard
                        user={user}
                        javaCourse={javaCourse}
                        approving={approve.isPending && approve.variables === user.id}
                        enrolling={enroll.isPending && enroll.variables?.userId === user.id}
                        onApprove={() => doApprove(user)}
                        onEnroll={() => javaCourse && doEnroll(user, javaCourse)}
                      />
                    </li>
                  ))}
                </ul>
                {data.userCount > data.users.length && (
                  <p className="mt-4 text-sm text-muted-foreground">
                    Showing the {data.users.length} newest. Type more of a name or email to narrow the search.
                  </p>
                )}
              </>
            )}
          </section>

          <section aria-labelledby="courses-title">
            <h2 id="courses-title" className="mb-4 text-lg font-semibold">
              All Available Courses
            </h2>
            {data.courses.length === 0 ? (
              <p className="rounded-xl border border-dashed bg-card px-6 py-8 text-center text-muted-foreground">No courses yet.</p>
            ) : (
              <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
                {data.courses.map((course) => (
                  <li key={course.id}>
                    <Card className="flex h-full flex-col gap-2 p-4 sm:p-5">
                      <div className="flex items-start justify-between gap-3">
                        <h3 className="font-semibold leading-tight">{course.title}</h3>
                        <PublishedBadge published={course.isPublished} />
                      </div>
                      <p className="line-clamp-3 flex-1 text-sm text-muted-foreground">
                        {course.description || 'No description provided.'}
                      </p>
                      <p className="font-mono text-xs text-muted-foreground">
                        <span className="sr-only">Course ID begins </span>
                        <span aria-hidden="true">ID: </span>
                        {course.id.slice(0, 8)}
                        <span aria-hidden="true">…</span>
                      </p>
                    </Card>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </>
  );
}

export { DatabaseHelperPage as Component };
