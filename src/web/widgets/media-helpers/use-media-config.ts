import type { MediaConfig } from '@common/media-helpers';
import { usePublicConfig } from '@web/lib/public-config';

/** Which media and web helpers the server has (public config); undefined while it loads. */
export const useMediaConfig = (): MediaConfig | undefined => usePublicConfig()?.media;
