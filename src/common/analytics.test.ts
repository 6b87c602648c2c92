import { describe, expect, it } from 'vitest';
import { confidenceLevel, difficultyColor, dropoffSeverity, needsIntervention, predictionNote, riskColor } from './analytics';

describe('the analytics colour and note thresholds', () => {
  it('drop-off: above 60 high, above 40 up to 60 medium, 40 or less low', () => {
    expect([61, 60.1, 60, 41, 40.1, 40, 0].map(dropoffSeverity)).toEqual(['high', 'high', 'medium', 'medium', 'medium', 'low', 'low']);
  });

  it('difficulty: above 70 red, above 40 yellow', () => {
    expect([71, 70, 41, 40, 0].map(difficultyColor)).toEqual(['red', 'yellow', 'yellow', 'green', 'green']);
  });

  it('risk factors: 0 green, 1 to 2 yellow, 3 or more red', () => {
    expect([0, 1, 2, 3].map(riskColor)).toEqual(['green', 'yellow', 'yellow', 'red']);
  });

  it('intervention: decreasing with more than 1 risk factor', () => {
    expect(needsIntervention('decreasing', 2)).toBe(true);
    expect(needsIntervention('decreasing', 1)).toBe(false);
    expect(needsIntervention('stable', 3)).toBe(false);
  });

  it('confidence: above 75 high, above 50 medium', () => {
    expect([80, 76, 75, 65, 51, 50].map(confidenceLevel)).toEqual(['high', 'high', 'medium', 'medium', 'medium', 'low']);
  });

  it('prediction notes: positive above 80 with a rise, a warning above 75 with a fall', () => {
    expect(predictionNote(81, 5)).toBe('positive');
    expect(predictionNote(80, 5)).toBeNull();
    expect(predictionNote(76, -1)).toBe('warning');
    expect(predictionNote(75, -1)).toBeNull();
    expect(predictionNote(81, 0)).toBeNull();
    expect(predictionNote(90, null)).toBeNull();
  });
});
