/** The tutoring brand, in one place (our own choice of name; the server's APP_NAME default matches). */
export const APP_NAME = 'CodeTutor';

/** The product tagline: the default subtitle of the dashboard shell. */
export const TAGLINE = 'Learn programming step by step, with a tutor who knows your name.';
