import { useId, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChapterRow, DistributionRow, DropoffRow, Tone, WeeklyRow } from '../view-model';
import { formatNumber, formatPercent, wrapLabel } from '../view-model';

/*
 * The analytics pictures (recharts, in this route's chunk only). Each chart is drawn for the eye
 * and hidden from assistive technology; its figure carries a summary as its name and the same
 * numbers in a visually hidden table. Colours come from the theme's CSS variables, so axes, grid
 * and text follow light and dark mode.
 */

const SERIES = { primary: 'var(--primary)', secondary: 'var(--teal)' };
/** Tone fills for bars: at least 3:1 against the card in both themes. */
const TONE_FILL: Record<Tone, string> = { green: '#16a34a', amber: '#d97706', rose: '#e11d48' };

const axis = {
  stroke: 'var(--border)',
  tick: { fill: 'var(--muted-foreground)', fontSize: 12 },
  tickLine: false,
} as const;

const tooltip = {
  contentStyle: {
    background: 'var(--popover)',
    border: '1px solid var(--border)',
    borderRadius: 8,
    color: 'var(--popover-foreground)',
    fontSize: 13,
  },
  labelStyle: { color: 'var(--popover-foreground)', fontWeight: 600 },
  itemStyle: { color: 'var(--popover-foreground)' },
  cursor: { fill: 'var(--muted)', opacity: 0.6 },
} as const;

const legend = {
  wrapperStyle: { fontSize: 13, paddingTop: 4 },
  formatter: (value: string) => <span style={{ color: 'var(--foreground)' }}>{value}</span>,
} as const;

type Column<T> = { label: string; value: (row: T) => ReactNode };

/** A chart with its title, its accessible summary and the data as a (visually hidden) table. */
function ChartFigure<T>({
  title,
  summary,
  columns,
  rows,
  height = 240,
  footer,
  children,
}: {
  title: string;
  summary: string;
  columns: Column<T>[];
  rows: T[];
  height?: number;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <figure aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`} className="min-w-0">
      <figcaption>
        <h3 id={`${id}-title`} className="text-sm font-semibold">
          {title}
        </h3>
        <p id={`${id}-summary`} className="mt-0.5 text-xs text-muted-foreground">
          {summary}
        </p>
      </figcaption>
      <div aria-hidden="true" className="mt-3 w-full min-w-0" style={{ height }}>
        <ResponsiveContainer width="100%" height="100%" minWidth={0}>
          {children}
        </ResponsiveContainer>
      </div>
      {footer}
      {/* A table ignores a 1-px width: the wrapper is what hides it without widening the page. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.label} scope="col">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={i}>
                {columns.map((c) => (
                  <td key={c.label}>{c.value(row)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

const margin = { top: 8, right: 8, bottom: 0, left: -16 };

export function WeeklyEnrollmentsChart({ rows, summary }: { rows: WeeklyRow[]; summary: string }) {
  return (
    <ChartFigure
      title="New enrollments per week"
      summary={summary}
      rows={rows}
      columns={[
        { label: 'Week', value: (r) => r.week },
        { label: 'New enrollments', value: (r) => r.newEnrollments },
      ]}
    >
      <BarChart data={rows} margin={margin} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="var(--border)" />
        <XAxis dataKey="label" {...axis} />
        <YAxis allowDecimals={false} {...axis} />
        <Tooltip {...tooltip} labelFormatter={(_, p) => p[0]?.payload.week ?? ''} />
        <Bar
          isAnimationActive={false}
          dataKey="newEnrollments"
          name="New enrollments"
          fill={SERIES.primary}
          radius={[4, 4, 0, 0]}
          maxBarSize={40}
        />
      </BarChart>
    </ChartFigure>
  );
}

export function WeeklyActivityChart({ rows, summary }: { rows: WeeklyRow[]; summary: string }) {
  return (
    <ChartFigure
      title="Weekly activity"
      summary={summary}
      rows={rows}
      height={260}
      columns={[
        { label: 'Week', value: (r) => r.week },
        { label: 'Lessons completed', value: (r) => r.lessonsCompleted },
        { label: 'Active students', value: (r) => r.activeStudents },
      ]}
    >
      <BarChart data={rows} margin={margin} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="var(--border)" />
        <XAxis dataKey="label" {...axis} />
        <YAxis allowDecimals={false} {...axis} />
        <Tooltip {...tooltip} labelFormatter={(_, p) => p[0]?.payload.week ?? ''} />
        <Legend {...legend} />
        <Bar
          isAnimationActive={false}
          dataKey="lessonsCompleted"
          name="Lessons completed"
          fill={SERIES.primary}
          radius={[4, 4, 0, 0]}
          maxBarSize={28}
        />
        <Bar
          isAnimationActive={false}
          dataKey="activeStudents"
          name="Active students"
          fill={SERIES.secondary}
          radius={[4, 4, 0, 0]}
          maxBarSize={28}
        />
      </BarChart>
    </ChartFigure>
  );
}

export function ProgressDistributionChart({ rows, summary }: { rows: DistributionRow[]; summary: string }) {
  return (
    <ChartFigure
      title="Enrollments by progress"
      summary={summary}
      rows={rows}
      columns={[
        { label: 'Progress', value: (r) => r.label },
        { label: 'Enrollments', value: (r) => r.enrollments },
      ]}
    >
      <BarChart data={rows} margin={margin} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="var(--border)" />
        <XAxis dataKey="label" {...axis} interval={0} tick={{ ...axis.tick, fontSize: 11 }} />
        <YAxis allowDecimals={false} {...axis} />
        <Tooltip {...tooltip} />
        <Bar
          isAnimationActive={false}
          dataKey="enrollments"
          name="Enrollments"
          fill={SERIES.primary}
          radius={[4, 4, 0, 0]}
          maxBarSize={48}
        />
      </BarChart>
    </ChartFigure>
  );
}

function ToneKey() {
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="inline-block size-2.5 rounded-sm" style={{ background: SERIES.primary }} />
        Completion rate (%)
      </li>
      {(
        [
          ['green', '40 or less'],
          ['amber', '41 to 70'],
          ['rose', 'above 70'],
        ] as const
      ).map(([tone, text]) => (
        <li key={tone} className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-2.5 rounded-sm" style={{ background: TONE_FILL[tone] }} />
          Difficulty {text}
        </li>
      ))}
    </ul>
  );
}

export function ChapterChart({
  rows,
  toneOf,
  summary,
}: {
  rows: ChapterRow[];
  toneOf: (score: number | null) => Tone | null;
  summary: string;
}) {
  return (
    <ChartFigure
      title="Completion and difficulty by chapter"
      summary={summary}
      rows={rows}
      height={220}
      footer={<ToneKey />}
      columns={[
        { label: 'Chapter', value: (r) => r.chapter },
        { label: 'Completion rate', value: (r) => formatPercent(r.completionRate) },
        { label: 'Difficulty (out of 100)', value: (r) => (r.difficultyScore === null ? 'No data yet' : r.difficultyScore) },
      ]}
    >
      <BarChart data={rows} margin={margin} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="var(--border)" />
        <XAxis
          dataKey="chapter"
          {...axis}
          interval={0}
          height={44}
          tick={(props: TickProps) => (
            <WrappedTick {...props} max={Math.max(8, Math.floor(40 / Math.max(1, rows.length)) + 6)} maxLines={2} anchor="middle" />
          )}
        />
        <YAxis domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} {...axis} />
        <Tooltip {...tooltip} />
        <Bar
          isAnimationActive={false}
          dataKey="completionRate"
          name="Completion rate (%)"
          fill={SERIES.primary}
          radius={[4, 4, 0, 0]}
          maxBarSize={32}
        />
        <Bar
          isAnimationActive={false}
          dataKey="difficultyScore"
          name="Difficulty"
          fill="var(--muted-foreground)"
          radius={[4, 4, 0, 0]}
          maxBarSize={32}
        >
          {rows.map((r, i) => (
            <Cell key={i} fill={TONE_FILL[toneOf(r.difficultyScore) ?? 'green']} />
          ))}
        </Bar>
      </BarChart>
    </ChartFigure>
  );
}

type TickProps = { x?: number | string; y?: number | string; payload?: { value?: unknown } };

/**
 * An axis label that wraps over a few lines instead of being cut, with the whole text as its
 * tooltip (an SVG title) when even that is not enough.
 */
function WrappedTick({ x, y, payload, max, maxLines, anchor }: TickProps & { max: number; maxLines: number; anchor: 'middle' | 'end' }) {
  const text = String(payload?.value ?? '');
  const lines = wrapLabel(text, max, maxLines);
  const lineHeight = 13;
  // A vertical axis centres the lines on the tick; a horizontal one hangs them below it.
  const first = anchor === 'end' ? -((lines.length - 1) * lineHeight) / 2 + 4 : 12;
  return (
    <text x={Number(x)} y={Number(y)} textAnchor={anchor} fill="var(--muted-foreground)" fontSize={11}>
      <title>{text}</title>
      {lines.map((l, i) => (
        <tspan key={i} x={Number(x) - (anchor === 'end' ? 6 : 0)} dy={i === 0 ? first : lineHeight}>
          {l}
        </tspan>
      ))}
    </text>
  );
}

export function DropoffChart({ rows, summary }: { rows: DropoffRow[]; summary: string }) {
  // One row of about 34 px per lesson, lesson titles on the left.
  return (
    <ChartFigure
      title="Drop-off rate per lesson"
      summary={summary}
      rows={rows}
      height={Math.max(120, rows.length * 34 + 32)}
      columns={[
        { label: 'Lesson', value: (r) => r.lesson },
        { label: 'Course', value: (r) => r.course },
        { label: 'Drop-off rate', value: (r) => `${formatNumber(r.dropoffRate)}%` },
        { label: 'Students who started', value: (r) => r.started },
      ]}
    >
      <BarChart data={rows} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid horizontal={false} stroke="var(--border)" />
        <XAxis type="number" domain={[0, 100]} ticks={[0, 20, 40, 60, 80, 100]} unit="%" {...axis} />
        <YAxis
          type="category"
          dataKey="lesson"
          width={132}
          {...axis}
          interval={0}
          tick={(props: TickProps) => <WrappedTick {...props} max={20} maxLines={2} anchor="end" />}
        />
        <Tooltip {...tooltip} formatter={(v) => [`${formatNumber(Number(v))}%`, 'Drop-off rate']} />
        <Bar isAnimationActive={false} dataKey="dropoffRate" name="Drop-off rate" radius={[0, 4, 4, 0]} maxBarSize={22}>
          {rows.map((r, i) => (
            <Cell key={i} fill={r.tone ? TONE_FILL[r.tone] : 'var(--muted-foreground)'} />
          ))}
        </Bar>
      </BarChart>
    </ChartFigure>
  );
}
