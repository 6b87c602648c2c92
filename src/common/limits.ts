/** Constants of the product (its fixed limits and timings) and of our own hardening, used by both halves. */
export const CODE_LENGTH = 6;
export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;
/** Codes an address gets on request in an hour; beyond them, one every CODE_TTL_MINUTES (never none). */
export const CODE_SENDS_PER_ADDRESS_PER_HOUR = 5;
export const CODE_SENDS_PER_CLIENT_PER_HOUR = 20;
/** A browser that signed in before may ask a code for its own address once a minute, whatever else. */
export const KNOWN_BROWSER_CODE_EVERY_SECONDS = 60;
export const KNOWN_BROWSER_DAYS = 180;
/** Wrong codes for one address, from all clients, before code sign-in for it pauses. */
export const CODE_WRONG_GUESSES_BEFORE_LOCK = 10;
/** The first pause; each further one within a day lasts twice as long, up to the longest. */
export const CODE_LOCK_FIRST_MINUTES = 15;
export const CODE_LOCK_LONGEST_HOURS = 16;
export const SESSION_IDLE_DAYS = 14;
export const SESSION_ABSOLUTE_DAYS = 30;
export const DEVICE_ID_PATTERN = /^[0-9a-f]{40}$/;
export const MOBILE_BREAKPOINT_PX = 768;
export const TOAST_DEFAULT_MS = 5000;
export const TOAST_SHORT_MS = 3000;
export const CONTACT_REPLY_HOURS = 24;
export const NAME_MAX = 80;
export const EMAIL_MAX = 254;
export const CONTACT_MESSAGE_MAX = 5000;
/** Student code, starter code and reference solutions (and the code a question to the tutor attaches). */
export const CODE_MAX_BYTES = 64 * 1024;
