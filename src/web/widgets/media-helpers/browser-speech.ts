/**
 * Whether the browser can read text aloud itself. Its own small module so the Listen button can
 * ask without pulling in the player, which is fetched only on the first press.
 */
export const browserCanSpeak = () => typeof window !== 'undefined' && 'speechSynthesis' in window && 'SpeechSynthesisUtterance' in window;
