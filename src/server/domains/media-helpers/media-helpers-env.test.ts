import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../platform/env';
import { mediaConfigOf } from './media-helpers-config';

const base = { NODE_ENV: 'test' };
const messageOf = (source: Record<string, string>) => {
  try {
    loadEnv({ ...base, ...source });
  } catch (err) {
    expect(err).toBeInstanceOf(EnvError);
    return (err as Error).message;
  }
  throw new Error(`loadEnv accepted ${JSON.stringify(source)}`);
};

describe('the media helpers’ configuration', () => {
  it('is all off by default, and the browser is told so', () => {
    const env = loadEnv(base);
    expect(env.media).toEqual({ image: null, speech: null, transcription: null, search: null });
    expect(mediaConfigOf(env)).toEqual({ thumbnails: false, imageModels: [], speech: false, transcription: false, webSources: false });
  });

  it("uses the tutor's provider and key by default, a helper's own address with its own key only, and the defaults", () => {
    const env = loadEnv({
      ...base,
      OPENAI_BASE_URL: 'https://api.openai.com/v1',
      OPENAI_API_KEY: 'sk-main',
      IMAGE_MODEL: 'gpt-image-1',
      TTS_MODEL: 'gpt-4o-mini-tts',
      TTS_BASE_URL: 'http://127.0.0.1:8880/v1',
      STT_MODEL: 'whisper-1',
      STT_API_KEY: 'sk-stt',
      SEARCH_URL: 'https://s.jina.ai/',
    });
    expect(env.media.image).toEqual({
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-main',
      model: 'gpt-image-1',
      timeoutMs: 120_000,
      dailyLimit: 40,
      altModels: {},
      size: undefined,
    });
    // Another provider never receives the tutor's key.
    expect(env.media.speech).toMatchObject({
      baseUrl: 'http://127.0.0.1:8880/v1',
      apiKey: undefined,
      voice: 'alloy',
      timeoutMs: 30_000,
      dailyLimit: 200,
    });
    expect(env.media.transcription).toMatchObject({ baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-stt', dailyLimit: 50 });
    expect(env.media.search).toEqual({
      url: 'https://s.jina.ai/',
      readerUrl: undefined,
      apiKey: undefined,
      timeoutMs: 8_000,
      dailyLimit: 50,
    });
  });

  it("reads IMAGE_ALT_MODELS: names from the fixed list of alternative models, each optionally mapped to the provider's id", () => {
    const env = loadEnv({
      ...base,
      IMAGE_BASE_URL: 'http://x/v1',
      IMAGE_MODEL: 'm',
      IMAGE_ALT_MODELS: 'flux-schnell=black-forest-labs/flux-schnell, photon-flash',
    });
    expect(env.media.image!.altModels).toEqual({ 'flux-schnell': 'black-forest-labs/flux-schnell', 'photon-flash': 'photon-flash' });
    expect(mediaConfigOf(env).imageModels).toEqual(['flux-schnell', 'photon-flash']);
  });

  it.each([
    [{ IMAGE_MODEL: 'm' }, 'IMAGE_MODEL: IMAGE_MODEL needs IMAGE_BASE_URL or OPENAI_BASE_URL'],
    [{ TTS_MODEL: 'm' }, 'TTS_MODEL: TTS_MODEL needs TTS_BASE_URL or OPENAI_BASE_URL'],
    [{ STT_MODEL: 'm' }, 'STT_MODEL: STT_MODEL needs STT_BASE_URL or OPENAI_BASE_URL'],
    [
      { IMAGE_MODEL: 'm', OPENAI_BASE_URL: 'http://x/v1', IMAGE_ALT_MODELS: 'midjourney' },
      "IMAGE_ALT_MODELS: midjourney is not one of the spec's models",
    ],
    [{ OPENAI_BASE_URL: 'http://x/v1', IMAGE_ALT_MODELS: 'flux-schnell' }, 'IMAGE_ALT_MODELS needs IMAGE_MODEL'],
    [{ IMAGE_MODEL: 'm', OPENAI_BASE_URL: 'http://x/v1', IMAGE_SIZE: 'big' }, 'IMAGE_SIZE must look like 1536x1024'],
    [{ SEARCH_URL: 'ftp://search' }, 'SEARCH_URL must be a URL starting with http:// or https://'],
    [{ READER_URL: 'https://r.jina.ai/' }, 'READER_URL needs SEARCH_URL'],
    [{ TTS_DAILY_LIMIT: '0' }, 'TTS_DAILY_LIMIT must be between 1 and 100000'],
    [{ SEARCH_TIMEOUT_MS: 'soon' }, 'SEARCH_TIMEOUT_MS must be a whole number'],
  ])('stops the start on %j, naming the variable', (source, message) => {
    expect(messageOf(source as Record<string, string>)).toContain(message);
  });
});
