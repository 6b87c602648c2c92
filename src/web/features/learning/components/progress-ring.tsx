import { cn } from '@web/lib/cn';

/** A circular percent (0–100) for a course card; read as one image, "45% complete". */
export function ProgressRing({
  percent,
  size = 56,
  label,
  className,
}: {
  percent: number;
  size?: number;
  label?: string;
  className?: string;
}) {
  const stroke = Math.max(4, Math.round(size / 10));
  const radius = (size - stroke) / 2;
  const circumference = 2 * Math.PI * radius;
  const clamped = Math.min(100, Math.max(0, percent));
  const done = clamped === 100;
  return (
    <svg
      role="img"
      aria-label={label ?? `${clamped}% complete`}
      width={size}
      height={size}
      viewBox={`0 0 ${size} ${size}`}
      className={cn('shrink-0', done ? 'text-green-600 dark:text-green-400' : 'text-primary', className)}
    >
      <circle cx={size / 2} cy={size / 2} r={radius} fill="none" strokeWidth={stroke} className="stroke-muted" />
      {clamped > 0 && (
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          stroke="currentColor"
          strokeWidth={stroke}
          strokeLinecap="round"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - clamped / 100)}
          transform={`rotate(-90 ${size / 2} ${size / 2})`}
          className="transition-[stroke-dashoffset] duration-700 ease-out motion-reduce:transition-none"
        />
      )}
      <text
        x="50%"
        y="50%"
        dominantBaseline="central"
        textAnchor="middle"
        className="fill-foreground font-semibold tabular-nums"
        style={{ fontSize: Math.round(size / 4.2) }}
      >
        {clamped}%
      </text>
    </svg>
  );
}
