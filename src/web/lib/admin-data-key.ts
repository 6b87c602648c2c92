/**
 * The root of every admin screen's query keys. A change to a student or an enrollment, made on any
 * admin screen, invalidates the whole family, so the other screens that count students (the
 * database helper, the admin home's figures) refresh too, without the features importing each other.
 */
export const adminDataKey = ['admin'] as const;
