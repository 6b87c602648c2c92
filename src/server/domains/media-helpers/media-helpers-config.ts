import type { MediaConfig } from '../../../common/media-helpers';
import type { Env } from '../../platform/env';

/** Which helpers are set up, for the browser (public config): booleans and model names only, never an address or a key. */
export const mediaConfigOf = (env: Pick<Env, 'media'>): MediaConfig => ({
  thumbnails: env.media.image !== null,
  imageModels: env.media.image ? Object.keys(env.media.image.altModels) : [],
  speech: env.media.speech !== null,
  transcription: env.media.transcription !== null,
  webSources: env.media.search !== null,
});
