import { cn } from '@web/lib/cn';

/** Gradient pairs that hold white text at 4.5:1 or more, in both themes (the card is the same picture in both). */
const PALETTES = [
  ['#4338ca', '#0f766e'],
  ['#9a3412', '#be123c'],
  ['#1e40af', '#6d28d9'],
  ['#065f46', '#1d4ed8'],
  ['#7e22ce', '#be185d'],
  ['#334155', '#0e7490'],
] as const;

/** Words left out of the initials: "Introduction to C" is "IC", not "ITC". */
const MINOR = new Set(['a', 'an', 'and', 'the', 'of', 'to', 'in', 'for', 'with', 'on', 'de', 'la', 'le']);

/** Up to two initials of a course title ("C Programming Fundamentals" → "CP"); '?' for an empty title. */
export function courseInitials(title: string): string {
  const words = title.split(/[^\p{L}\p{N}+#]+/u).filter(Boolean);
  const major = words.filter((w) => !MINOR.has(w.toLowerCase()));
  const picked = (major.length ? major : words).slice(0, 2);
  return picked.map((w) => [...w][0]!.toUpperCase()).join('') || '?';
}

/** A stable palette for a title, so a course keeps its colours. */
export function coursePalette(title: string): readonly [string, string] {
  let h = 0;
  for (const ch of title) h = (h * 31 + ch.codePointAt(0)!) >>> 0;
  return PALETTES[h % PALETTES.length]!;
}

/**
 * A course without a picture: a gradient of its own with its initials and a small '</>' in a corner,
 * drawn rather than left as an empty panel. Decorative: the title is written beside it.
 */
export function CourseArt({ title, small = false, className }: { title: string; small?: boolean; className?: string }) {
  const [from, to] = coursePalette(title);
  return (
    <div
      aria-hidden="true"
      data-course-art
      className={cn('relative flex size-full items-center justify-center overflow-hidden text-white', className)}
      style={{ backgroundImage: `linear-gradient(135deg, ${from}, ${to})` }}
    >
      <svg
        viewBox="0 0 160 90"
        preserveAspectRatio="xMidYMid slice"
        className={cn('absolute inset-0 size-full opacity-20', small && 'hidden')}
      >
        <defs>
          <pattern id="course-art-dots" width="8" height="8" patternUnits="userSpaceOnUse">
            <circle cx="1" cy="1" r="0.7" fill="#fff" />
          </pattern>
        </defs>
        <rect width="160" height="90" fill="url(#course-art-dots)" />
        <path
          d="M138 56l-5 5 5 5M148 56l5 5-5 5M145 54l-4 14"
          fill="none"
          stroke="#fff"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className={cn('relative font-extrabold tracking-tight drop-shadow-sm', small ? 'text-lg' : 'text-5xl')}>
        {courseInitials(title)}
      </span>
    </div>
  );
}
