import { AnalyticsMessages, type AnalyticsResponse } from '@common/analytics';
import { AlertTriangleIcon, SparklesIcon, TelescopeIcon } from 'lucide-react';
import { Alert } from '@web/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { confidenceBadge, formatChange, formatNumber, predictionMessage } from '../view-model';
import { EmptyPanel } from '@web/components/empty-panel';
import { Metric, MetricList, ToneBadge } from './parts';

type Prediction = AnalyticsResponse['predictiveTrends'][number];

/** Percent metrics read as percents; the others are counts. */
const unit = (p: Prediction) => (p.metric === 'completion_rate' ? '%' : '');

export function PredictionsTab({ predictions }: { predictions: Prediction[] }) {
  if (predictions.length === 0) return <EmptyPanel icon={TelescopeIcon}>{AnalyticsMessages.predictionsEmpty}</EmptyPanel>;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        Simple projections of the last 4 weeks. The confidence is the planned confidence of each kind of forecast, not a statistical
        measure.
      </p>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        {predictions.map((p) => {
          const badge = confidenceBadge(p.confidence);
          const message = predictionMessage(p);
          return (
            <Card key={p.metric} role="region" aria-labelledby={`prediction-${p.metric}`} className="flex flex-col">
              <CardHeader className="gap-2">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <CardTitle asChild>
                    <h2 id={`prediction-${p.metric}`}>{p.label}</h2>
                  </CardTitle>
                  <ToneBadge tone={badge.tone}>{badge.label}</ToneBadge>
                </div>
                <CardDescription>{p.timeframe}</CardDescription>
              </CardHeader>
              <CardContent className="flex flex-1 flex-col gap-4">
                <MetricList className="grid-cols-3">
                  <Metric label="Current" value={`${formatNumber(p.currentValue)}${unit(p)}`} />
                  <Metric label="Predicted" value={`${formatNumber(p.predictedValue)}${unit(p)}`} />
                  <Metric label="Change" value={formatChange(p.percentChange)} />
                </MetricList>
                <div>
                  <h3 className="mb-1 text-sm font-semibold">Contributing factors</h3>
                  <ul className="list-disc pl-5 text-sm text-muted-foreground">
                    {p.factors.map((f) => (
                      <li key={f}>{f}</li>
                    ))}
                  </ul>
                </div>
                {message && (
                  <Alert variant={message.kind === 'positive' ? 'success' : 'warning'} className="mt-auto p-3">
                    {message.kind === 'positive' ? <SparklesIcon aria-hidden="true" /> : <AlertTriangleIcon aria-hidden="true" />}
                    <p>{message.text}</p>
                  </Alert>
                )}
              </CardContent>
            </Card>
          );
        })}
      </div>
    </div>
  );
}
