import { ANALYTICS_RANGE_LABELS, AnalyticsRules, type AnalyticsRange, type AnalyticsResponse } from '@common/analytics';
import { BotIcon, FileDownIcon, FileTextIcon, MousePointerClickIcon, PlayCircleIcon } from 'lucide-react';
import { formatMinutes, formatNumber, formatPercent, NO_DATA, plural, sampleSize, tutorialInsight } from '../view-model';
import { EngagementCard, Metric, MetricList, NotTracked } from './parts';
import { PracticeEngagementCard } from './practice-figures';
import { QuizEngagementCard } from './quiz-figures';

export function ContentTab({
  content: c,
  practice,
  quizzes,
  range,
}: {
  content: AnalyticsResponse['contentEngagement'];
  practice: AnalyticsResponse['practice'];
  quizzes: AnalyticsResponse['quizzes'];
  range: AnalyticsRange;
}) {
  const period = ANALYTICS_RANGE_LABELS[range].toLowerCase();
  const t = c.tutorialPdf;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        Measured from what students did in the {period}. Figures the lesson players do not report are marked “not tracked”.
      </p>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <EngagementCard icon={MousePointerClickIcon} title="Lessons" description="Lesson openings and time on screen in a visible tab.">
          <MetricList className="sm:grid-cols-3">
            <Metric label="Lesson openings" value={formatNumber(c.lessons.opens)} />
            <Metric label="Time on lessons" value={`${formatNumber(c.lessons.totalVisibleMinutes)} min`} />
            <Metric label="Per opening" value={formatMinutes(c.lessons.averageMinutesPerOpen)} />
          </MetricList>
        </EngagementCard>

        <EngagementCard icon={PlayCircleIcon} title="Video" description="Starts reported by the YouTube and Vimeo players.">
          <MetricList>
            <Metric label="Total views" value={formatNumber(c.video.totalViews)} />
            <Metric
              label="Average watch time"
              value={<NotTracked why="the embedded players do not report how long a video was watched" />}
            />
            <Metric label="Skip rate" value={<NotTracked why="seeking in a video is not reported" />} />
            <Metric label="Replay rate" value={<NotTracked why="replays are not reported" />} />
          </MetricList>
        </EngagementCard>

        <EngagementCard icon={FileTextIcon} title="PDF" description="Lesson PDFs displayed or opened.">
          <MetricList>
            <Metric label="Total downloads" value={formatNumber(c.pdf.totalDownloads)} />
            <Metric label="Average time on page" value={formatMinutes(c.pdf.averageTimeOnPage)} hint="Per opening of a PDF lesson" />
            <Metric label="Bounce rate" value={<NotTracked why="leaving a PDF cannot be told apart from reading it in another window" />} />
          </MetricList>
        </EngagementCard>

        <EngagementCard
          icon={FileDownIcon}
          title="Tutorial PDF"
          description={`${plural(t.lessonsWithTutorial, 'lesson')} with a tutorial PDF.`}
        >
          <MetricList>
            <Metric
              label="Download rate"
              value={formatPercent(t.downloadRate)}
              hint={`${formatNumber(t.downloadedPairs)} of ${plural(t.startedPairs, 'started lesson')}`}
            />
            <Metric
              label="Correlation with completion"
              value={t.correlationWithCompletion === null ? NO_DATA : formatNumber(t.correlationWithCompletion)}
              hint={`Phi coefficient, −1 to 1 · ${sampleSize(t.startedPairs)} started lessons; given from ${AnalyticsRules.verdictMinStudents}`}
            />
            <Metric label={`Downloads (${period})`} value={formatNumber(t.downloads)} />
          </MetricList>
          <p className="mt-4 rounded-lg bg-muted p-3 text-sm">{tutorialInsight(t)}</p>
        </EngagementCard>

        <EngagementCard icon={BotIcon} title="AI Tutor" description="Students’ questions to the AI tutor.">
          <MetricList>
            <Metric label="Total chats" value={formatNumber(c.aiTutor.totalChats)} hint={plural(c.aiTutor.totalQuestions, 'question')} />
            <Metric
              label="Questions per student"
              value={c.aiTutor.averageQuestionsPerStudent === null ? NO_DATA : formatNumber(c.aiTutor.averageQuestionsPerStudent)}
              hint={plural(c.aiTutor.studentsAsking, 'student') + ' asking'}
            />
            <Metric label="Satisfaction rate" value={<NotTracked why="students do not rate the answers" />} />
          </MetricList>
          <h3 className="mb-2 mt-4 text-sm font-semibold">Most common topics</h3>
          {c.aiTutor.mostCommonTopics.length === 0 ? (
            <p className="text-sm text-muted-foreground">No questions asked in the {period}.</p>
          ) : (
            <ol className="flex flex-col gap-2 text-sm">
              {c.aiTutor.mostCommonTopics.map((topic) => (
                <li key={topic.lesson.id} className="flex items-baseline justify-between gap-3">
                  <span className="min-w-0">
                    <span className="font-medium">{topic.lesson.title}</span>
                    <span className="block text-xs text-muted-foreground">{topic.course.title}</span>
                  </span>
                  <span className="shrink-0 tabular-nums text-muted-foreground">{plural(topic.questions, 'question')}</span>
                </li>
              ))}
            </ol>
          )}
        </EngagementCard>
      </div>
      <PracticeEngagementCard practice={practice} period={period} />
      <QuizEngagementCard quizzes={quizzes} period={period} />
    </div>
  );
}
