/** A count with its noun, as the screens word it: '1 lesson', '3 lessons' ('2 quizzes' with `many`). */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
