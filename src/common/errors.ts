import { z } from 'zod';

/** Every API error has this one shape; `title` is the title of the toast that shows it, where the error has one. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    title: z.string().optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>['error'];

export { ErrorCode } from './error-codes';
