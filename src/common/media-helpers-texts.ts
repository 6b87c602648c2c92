/**
 * The media and web helpers: course
 * thumbnails from an image model, lessons read aloud, spoken questions, web sources for the tutor.
 * Limits, texts and the text splitting, without zod: the course screen's small chunks import these
 * (media.ts holds the request and response contracts).
 */

/** The alternative image models: any other name is refused. */
export const IMAGE_ALT_MODELS = [
  'ideogram-v3-turbo',
  'flux-schnell',
  'imagen-4-fast',
  'flux-kontext-pro',
  'hidream-l1-fast',
  'photon-flash',
] as const;
export type ImageAltModel = (typeof IMAGE_ALT_MODELS)[number];

/** num_outputs: 1 to 4, default 1. */
export const NUM_OUTPUTS_MIN = 1;
export const NUM_OUTPUTS_MAX = 4;
export const NUM_OUTPUTS_DEFAULT = 1;
export const IMAGE_PROMPT_MAX = 1000;
/** Largest image accepted from the provider. */
export const IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** How long offered images wait for the tutor's choice. */
export const THUMBNAIL_CANDIDATE_TTL_MS = 60 * 60 * 1000;

/** Characters one text-to-speech request may carry (OpenAI's speech endpoint takes 4096). */
export const SPEECH_TEXT_MAX = 4000;
/** Longer text is read in pieces of about this size, so the first words play soon and Stop is quick. */
export const SPEECH_CHUNK_CHARS = 600;

/** A spoken question: at most this long, and this large (the recorder stops itself at the length). */
export const RECORDING_MAX_SECONDS = 60;
export const RECORDING_MAX_BYTES = 5 * 1024 * 1024;

/** Web sources under one tutor answer. */
export const WEB_SOURCES_MAX = 3;

/** A web page an answer cites as [n]. */
export type WebSource = { n: number; title: string; url: string };

export type MediaHelper = 'image' | 'speech' | 'transcription' | 'search';

/** Where a generated (and stored) image is served: public, like any picture on a page. */
export const imagePath = (fileId: string) => `/api/images/${fileId}`;
const IMAGE_PATH = /^\/api\/images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The file id of a thumbnail this server stored, or undefined for any other address. */
export const storedImageId = (url: string | null | undefined): string | undefined =>
  url && IMAGE_PATH.test(url) ? url.slice('/api/images/'.length) : undefined;

/** What each helper's failure says ('Failed to ... (Status: n)'). */
export const HELPER_ACTIONS: Record<MediaHelper | 'reader', string> = {
  image: 'generate image',
  speech: 'generate speech',
  transcription: 'transcribe audio',
  search: 'search the web',
  reader: 'read the web page',
};

const HELPER_NAMES: Record<MediaHelper | 'reader', string> = {
  image: 'image service',
  speech: 'text-to-speech service',
  transcription: 'speech-to-text service',
  search: 'web search service',
  reader: 'web reader service',
};

export const MediaMessages = {
  // Validation (prompt required for images, num_outputs 1 to 4, one of six alternative models,
  // text for text-to-speech, audio for speech-to-text, query for search, url for the web reader).
  promptRequired: 'Prompt is required: describe the image you want.',
  promptTooLong: `The prompt can be at most ${IMAGE_PROMPT_MAX} characters.`,
  numOutputsRange: `num_outputs must be a whole number from ${NUM_OUTPUTS_MIN} to ${NUM_OUTPUTS_MAX}.`,
  modelNotAllowed: `The image model must be one of: ${IMAGE_ALT_MODELS.join(', ')}.`,
  modelNotOffered: (model: string) => `The image model ${model} is not available on this server.`,
  textRequired: 'Text is required for text-to-speech.',
  textTooLong: `Text for text-to-speech can be at most ${SPEECH_TEXT_MAX} characters at a time.`,
  audioRequired: 'Audio is required: record your question first.',
  audioNotAudio: 'The recording is not an audio file this server can read (WebM, Ogg, MP4, WAV or MP3).',
  audioTooLarge: `The recording is too large. Keep spoken questions under ${RECORDING_MAX_SECONDS} seconds.`,
  queryRequired: 'A search query is required.',
  urlRequired: 'A web address (url) is required for the web reader.',
  candidateRequired: 'Choose one of the generated images.',
  candidateGone: 'This image is no longer available. Please generate the thumbnail again.',
  imageNotFound: 'Image not found',
  // The helpers' own state.
  notConfigured: (helper: MediaHelper) =>
    ({
      image: 'Thumbnail generation is not configured on this server (IMAGE_MODEL).',
      speech: 'Reading aloud by the server is not configured (TTS_MODEL).',
      transcription: 'Spoken questions are not configured on this server (STT_MODEL).',
      search: 'Web search is not configured on this server (SEARCH_URL).',
    })[helper],
  unavailableTitle: 'Service Unavailable',
  budgetTitle: 'Daily Limit Reached',
  budgetSpent: (helper: MediaHelper, limit: number) =>
    ({
      image: `You have generated all ${limit} of today's images. You can generate more tomorrow.`,
      speech: `You have used all ${limit} of today's read-aloud requests. Your browser's own voice can still read it.`,
      transcription: `You have used all ${limit} of today's spoken questions. You can still type your question.`,
      search: `You have used all ${limit} of today's web searches.`,
    })[helper],
  imagesLeft: (left: number) => `Only ${left} ${left === 1 ? 'image is' : 'images are'} left for today. Ask for fewer.`,
  // Provider failures.
  failed: (helper: MediaHelper | 'reader', status: number) => `Failed to ${HELPER_ACTIONS[helper]} (Status: ${status})`,
  timedOut: (helper: MediaHelper | 'reader', timeoutMs: number) =>
    `Failed to ${HELPER_ACTIONS[helper]}: no answer within ${Number((timeoutMs / 1000).toFixed(1))} seconds.`,
  unreachable: (helper: MediaHelper | 'reader') => `Failed to ${HELPER_ACTIONS[helper]}: the ${HELPER_NAMES[helper]} could not be reached.`,
  badAnswer: (helper: MediaHelper | 'reader') =>
    `Failed to ${HELPER_ACTIONS[helper]}: the ${HELPER_NAMES[helper]} sent an answer this server cannot use.`,
  /** Status 401 or 403 from the provider: an authentication message. */
  authFailed: (helper: MediaHelper | 'reader') =>
    `Authentication with the ${HELPER_NAMES[helper]} failed: the server's API key was refused. Please ask the administrator to check it.`,
  authFailedTitle: 'Authentication Failed',
  failedTitle: (helper: MediaHelper) =>
    ({ image: 'Image Generation Failed', speech: 'Read Aloud Failed', transcription: 'Transcription Failed', search: 'Web Search Failed' })[
      helper
    ],
  nothingHeard: "We couldn't make out any words in the recording. Please try again, a little closer to the microphone.",
} as const;

/**
 * Text split into pieces for reading aloud: at paragraph and sentence ends, each at most `max`
 * characters (a sentence longer than that is split between words, a word longer than that
 * between characters). Joining the pieces with spaces gives the text back, whitespace aside.
 */
export function splitForSpeech(text: string, max = SPEECH_CHUNK_CHARS): string[] {
  const sentences = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n+/)
    .flatMap(
      (paragraph) =>
        paragraph
          .replace(/\s+/g, ' ')
          .trim()
          .match(/[^.!?…]+(?:[.!?…]+["')\]]*|$)\s*/g) ?? [],
    )
    .map((s) => s.trim())
    .filter(Boolean);
  const pieces: string[] = [];
  let current = '';
  const push = () => {
    if (current) pieces.push(current);
    current = '';
  };
  for (const sentence of sentences) {
    for (const part of sentence.length <= max ? [sentence] : splitLong(sentence, max)) {
      if (current && current.length + 1 + part.length > max) push();
      current = current ? `${current} ${part}` : part;
    }
    // A paragraph's end is a good place to pause, but pieces stay as full as they can.
  }
  push();
  return pieces;
}

function splitLong(sentence: string, max: number): string[] {
  const parts: string[] = [];
  let current = '';
  for (const word of sentence.split(' ')) {
    const pieces = word.length <= max ? [word] : (word.match(new RegExp(`.{1,${max}}`, 'gu')) ?? []);
    for (const piece of pieces) {
      if (current && current.length + 1 + piece.length > max) {
        parts.push(current);
        current = '';
      }
      current = current ? `${current} ${piece}` : piece;
    }
  }
  if (current) parts.push(current);
  return parts;
}

/**
 * The words of a Markdown answer as a listener should hear them: code blocks announced rather
 * than spelled out, links and emphasis reduced to their text, citation marks like [1] dropped.
 */
export function speakableText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?(```|$)/g, '\n\n(A code example follows in the text.)\n\n')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\[(\d{1,2})\]/g, '')
    .replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, '')
    .replace(/^[ \t]{0,3}>[ \t]?/gm, '')
    .replace(/^[ \t]*(?:[-*+]|\d+\.)[ \t]+/gm, '')
    .replace(/(\*\*|__|\*|_|~~)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/[ \t]+/g, ' ')
    .replace(/ ([.,;:!?])/g, '$1')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
