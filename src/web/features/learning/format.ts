/** Counts as the dashboard words them ('1 lesson', '3 lessons'); dates are worded by @web/lib/format-date. */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
