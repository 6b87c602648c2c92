import OpenAI, { toFile } from 'openai';
import { IMAGE_MAX_BYTES, MediaMessages, WEB_SOURCES_MAX, type MediaHelper } from '../../../../common/media-helpers-texts';
import type { MediaEnv } from '../../env';
import { fromOpenAiError, ProviderError, serverErrorField, statusFailure } from './provider-error';
import { sniffAudio, sniffImage, type Sniffed } from './sniff';

/**
 * The doors to the media and web providers. Only the server calls them; keys never leave.
 * Images, speech and transcription: any OpenAI-compatible API (`openai` package). Web search and
 * reading: a Jina-style API answering `{ code: 200, status: 20000, data }`. Every call has its
 * helper's timeout and throws a ProviderError (provider-error.ts) when it fails.
 */

export type MediaBytes = { data: Buffer } & Sniffed;

export type ImageProvider = {
  /** One image for the prompt, from IMAGE_MODEL or the provider's id of an alternative model. */
  generate(prompt: string, options?: { model?: string }): Promise<MediaBytes>;
  /** The provider's id of one of the alternative models (IMAGE_ALT_MODELS), or undefined when this provider does not offer it. */
  altModel(name: string): string | undefined;
  altModelNames: string[];
};
export type SpeechProvider = { speak(text: string): Promise<MediaBytes> };
export type TranscriptionProvider = { transcribe(audio: MediaBytes): Promise<string> };
export type WebResult = { title: string; url: string; snippet: string };
export type WebSearch = {
  /** Up to WEB_SOURCES_MAX results with text; pages the search gave no text for are read with the reader when there is one. */
  search(query: string): Promise<WebResult[]>;
  /** The text of one page through the reader (READER_URL). */
  read(url: string): Promise<WebResult>;
};

function client(cfg: { baseUrl: string; apiKey: string | undefined; timeoutMs: number }) {
  // One try: the person waiting sees the failure at once and can try again; our own timer bounds the wait.
  return new OpenAI({ baseURL: cfg.baseUrl, apiKey: cfg.apiKey || 'not-needed', maxRetries: 0, timeout: cfg.timeoutMs });
}

/** Runs `call` under the helper's timeout; whatever it throws becomes a ProviderError. */
async function timed<T>(helper: MediaHelper, timeoutMs: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    return await call(controller.signal);
  } catch (err) {
    throw fromOpenAiError(helper, err, timedOut, timeoutMs);
  } finally {
    clearTimeout(timer);
  }
}

/** A response body, refused past `max` bytes (a provider is not trusted to send a sane size). */
async function readLimited(response: Response, max: number, helper: MediaHelper | 'reader'): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > max) throw new ProviderError('bad-answer', helper, `the answer is larger than ${max} bytes`);
  if (!response.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > max) throw new ProviderError('bad-answer', helper, `the answer is larger than ${max} bytes`);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

function asImage(data: Buffer): MediaBytes {
  if (data.length > IMAGE_MAX_BYTES) throw new ProviderError('bad-answer', 'image', `the image is larger than ${IMAGE_MAX_BYTES} bytes`);
  const kind = sniffImage(data);
  if (!kind) throw new ProviderError('bad-answer', 'image', 'the provider did not answer with a PNG, JPEG or WebP image');
  return { data, ...kind };
}

export function createImageProvider(cfg: MediaEnv['image']): ImageProvider | null {
  if (!cfg) return null;
  const openai = client(cfg);
  return {
    altModelNames: Object.keys(cfg.altModels),
    altModel: (name) => (Object.hasOwn(cfg.altModels, name) ? cfg.altModels[name] : undefined),
    generate: (prompt, options = {}) =>
      timed('image', cfg.timeoutMs, async (signal) => {
        // One image per request: some models (dall-e-3) accept n=1 only, so 4 images are 4 requests side by side.
        // No response_format: gpt-image models refuse it and always send base64; dall-e models send a URL by default.
        const params = { model: options.model ?? cfg.model, prompt, n: 1, ...(cfg.size ? { size: cfg.size } : {}) };
        const result = await openai.images.generate(params as OpenAI.Images.ImageGenerateParamsNonStreaming, { signal });
        const image = result.data?.[0];
        if (image?.b64_json) return asImage(Buffer.from(image.b64_json, 'base64'));
        if (image?.url) {
          if (image.url.startsWith('data:')) {
            const comma = image.url.indexOf(',');
            return asImage(Buffer.from(image.url.slice(comma + 1), 'base64'));
          }
          // The address comes from the provider's own answer, never from a user.
          if (!/^https?:\/\//i.test(image.url)) throw new ProviderError('bad-answer', 'image', 'the image address is not a web address');
          const response = await fetch(image.url, { signal });
          if (!response.ok) throw statusFailure('image', response.status, undefined);
          return asImage(await readLimited(response, IMAGE_MAX_BYTES, 'image'));
        }
        throw new ProviderError('bad-answer', 'image', 'the provider answered without an image');
      }),
  };
}

/** Audio larger than this from a text-to-speech provider is refused (4,000 characters of speech is ~5 MB of MP3). */
const SPEECH_MAX_BYTES = 16 * 1024 * 1024;

export function createSpeechProvider(cfg: MediaEnv['speech']): SpeechProvider | null {
  if (!cfg) return null;
  const openai = client(cfg);
  return {
    speak: (text) =>
      timed('speech', cfg.timeoutMs, async (signal) => {
        const params = { model: cfg.model, voice: cfg.voice, input: text, response_format: 'mp3' };
        const response = await openai.audio.speech.create(params as OpenAI.Audio.SpeechCreateParams, { signal });
        const data = await readLimited(response, SPEECH_MAX_BYTES, 'speech');
        const kind = sniffAudio(data);
        if (!kind) throw new ProviderError('bad-answer', 'speech', 'the provider did not answer with audio');
        return { data, ...kind };
      }),
  };
}

export function createTranscriptionProvider(cfg: MediaEnv['transcription']): TranscriptionProvider | null {
  if (!cfg) return null;
  const openai = client(cfg);
  return {
    transcribe: (audio) =>
      timed('transcription', cfg.timeoutMs, async (signal) => {
        // The provider tells the format by the file name's extension.
        const file = await toFile(audio.data, `question.${audio.extension}`, { type: audio.contentType });
        const result = await openai.audio.transcriptions.create({ file, model: cfg.model }, { signal });
        if (typeof result?.text !== 'string') throw new ProviderError('bad-answer', 'transcription', 'the provider answered without text');
        return result.text.trim();
      }),
  };
}

const SEARCH_ANSWER_MAX_BYTES = 4 * 1024 * 1024;
const SNIPPET_CHARS = 1200;

const oneLine = (v: unknown, max: number) => (typeof v === 'string' ? v.replace(/\s+/g, ' ').trim().slice(0, max) : '');
const isWebAddress = (v: string) => URL.canParse(v) && ['http:', 'https:'].includes(new URL(v).protocol);

export function createWebSearch(cfg: MediaEnv['search']): WebSearch | null {
  if (!cfg) return null;
  const headers: Record<string, string> = { Accept: 'application/json', ...(cfg.apiKey ? { Authorization: `Bearer ${cfg.apiKey}` } : {}) };

  /** GET a Jina-style answer; its `data` when the body's code is 200 and its status 20000, else a ProviderError. */
  async function getData(helper: 'search' | 'reader', url: string, signal: AbortSignal): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(url, { headers, signal });
    } catch (err) {
      throw new ProviderError('unreachable', helper, 'the provider could not be reached', {}, { cause: err });
    }
    const raw = (await readLimited(response, SEARCH_ANSWER_MAX_BYTES, helper)).toString('utf8');
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      body = undefined;
    }
    if (!response.ok) throw statusFailure(helper, response.status, serverErrorField(body));
    if (typeof body !== 'object' || body === null) throw new ProviderError('bad-answer', helper, 'the answer is not JSON');
    const { code, status, data } = body as { code?: unknown; status?: unknown; data?: unknown };
    if (code !== 200 || status !== 20000) {
      const n = code !== 200 ? code : status;
      throw statusFailure(helper, typeof n === 'number' ? n : response.status, serverErrorField(body));
    }
    return data;
  }

  /** Our own timer over a whole search (reads included): a failing or slow search must never hold an answer for long. */
  async function timedFetch<T>(helper: 'search' | 'reader', call: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, cfg!.timeoutMs);
    try {
      return await call(controller.signal);
    } catch (err) {
      if (timedOut)
        throw new ProviderError('timeout', helper, `no answer within ${cfg!.timeoutMs} ms`, { timeoutMs: cfg!.timeoutMs }, { cause: err });
      if (err instanceof ProviderError) throw err;
      throw new ProviderError('bad-answer', helper, err instanceof Error ? err.message : String(err), {}, { cause: err });
    } finally {
      clearTimeout(timer);
    }
  }

  async function readPage(url: string, signal: AbortSignal): Promise<WebResult> {
    if (!cfg!.readerUrl) throw new ProviderError('bad-answer', 'reader', 'no reader is configured (READER_URL)');
    const data = (await getData('reader', `${cfg!.readerUrl}${url}`, signal)) as
      { title?: unknown; url?: unknown; content?: unknown } | undefined;
    return { title: oneLine(data?.title, 200) || url, url, snippet: oneLine(data?.content, SNIPPET_CHARS) };
  }

  return {
    async search(query) {
      // A query is required. Callers never send an empty one; this guards the door.
      if (!query.trim()) throw new Error(MediaMessages.queryRequired);
      const url = `${cfg.url}${cfg.url.includes('?') ? '&' : '?'}q=${encodeURIComponent(query.trim())}`;
      return timedFetch('search', async (signal) => {
        const data = await getData('search', url, signal);
        if (!Array.isArray(data)) throw new ProviderError('bad-answer', 'search', 'the answer has no list of results');
        const results = data
          .map((d: { title?: unknown; url?: unknown; description?: unknown; content?: unknown }) => ({
            title: oneLine(d?.title, 200),
            url: typeof d?.url === 'string' ? d.url.trim() : '',
            snippet: oneLine(d?.description, SNIPPET_CHARS) || oneLine(d?.content, SNIPPET_CHARS),
          }))
          .filter((r) => isWebAddress(r.url))
          .slice(0, WEB_SOURCES_MAX);
        // A result without text is read through the reader when there is one; one that cannot be read keeps its title alone.
        return Promise.all(
          results.map(async (r) => {
            if (r.snippet || !cfg.readerUrl) return { ...r, title: r.title || r.url };
            const page = await readPage(r.url, signal).catch(() => undefined);
            return { title: r.title || page?.title || r.url, url: r.url, snippet: page?.snippet ?? '' };
          }),
        );
      });
    },
    async read(url) {
      // The web reader requires a url.
      if (!url.trim() || !isWebAddress(url.trim())) throw new Error(MediaMessages.urlRequired);
      return timedFetch('reader', (signal) => readPage(url.trim(), signal));
    },
  };
}
