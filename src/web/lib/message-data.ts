/**
 * The object a window message carries, whether posted as an object or as JSON text (YouTube's and
 * Vimeo's embedded players send JSON text); null for anything else. Both the lesson's playback
 * meter and the "video started" event read the players' messages through it.
 */
export function messageData(data: unknown): Record<string, unknown> | null {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}
