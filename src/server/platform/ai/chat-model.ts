import OpenAI from 'openai';
import type { Env } from '../env';

/**
 * The one door to the language model: any OpenAI-compatible chat-completions API (OpenAI,
 * OpenRouter, Ollama, vLLM) at OPENAI_BASE_URL. Only the server calls it; the key never leaves.
 */

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

/** Why an answer ended early: the provider failed, stopped sending (timeout), or our caller went away. */
export type ChatFailure = 'provider' | 'timeout' | 'aborted';

export class ChatModelError extends Error {
  constructor(
    readonly kind: ChatFailure,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export type ChatModel = {
  /**
   * Streams an answer: `onDelta` gets each piece as it arrives; resolves with the whole text.
   * Rejects with a ChatModelError: 'timeout' when the provider sends no text for `timeoutMs`
   * (before the first piece or between two) or has not finished after ANSWER_DEADLINE_FACTOR ×
   * `timeoutMs`, 'aborted' when `signal` aborts, 'provider' otherwise.
   */
  streamChat(messages: ChatMessage[], options: { signal?: AbortSignal; onDelta: (text: string) => void }): Promise<string>;
};

export type AiConfig = Env['ai'];

/** However steadily a provider trickles, a whole answer gets at most this many idle timeouts of time. */
export const ANSWER_DEADLINE_FACTOR = 4;

/** Set up when OPENAI_BASE_URL and AI_MODEL are both given (the key is optional: local servers need none). */
export const isAiConfigured = (config: AiConfig) => Boolean(config.baseUrl && config.model);

/** The model the tutor uses, or null when the server is not configured for one. */
export function createChatModel(config: AiConfig): ChatModel | null {
  if (!config.baseUrl || !config.model) return null;
  const model = config.model;
  const client = new OpenAI({
    baseURL: config.baseUrl,
    apiKey: config.apiKey || 'not-needed',
    // One try: the student sees the apology at once and can ask again; our own timer bounds the wait.
    maxRetries: 0,
    timeout: config.timeoutMs * 10,
  });

  return {
    async streamChat(messages, { signal, onDelta }) {
      if (signal?.aborted) throw new ChatModelError('aborted', 'the request was cancelled');
      const controller = new AbortController();
      let stoppedBy: 'timeout' | 'aborted' | undefined;
      let timer: NodeJS.Timeout | undefined;
      const stop = (why: 'timeout' | 'aborted') => {
        stoppedBy ??= why;
        controller.abort();
      };
      const rearm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => stop('timeout'), config.timeoutMs);
      };
      const onAbort = () => stop('aborted');
      signal?.addEventListener('abort', onAbort, { once: true });
      rearm();
      const deadline = setTimeout(() => stop('timeout'), config.timeoutMs * ANSWER_DEADLINE_FACTOR);
      try {
        const stream = await client.chat.completions.create(
          { model, messages, stream: true, temperature: config.temperature, max_tokens: config.maxTokens },
          { signal: controller.signal },
        );
        let text = '';
        for await (const chunk of stream) {
          const piece = chunk.choices[0]?.delta?.content;
          // Only text counts as progress: a provider sending empty chunks must not hold the student forever.
          if (piece) {
            rearm();
            text += piece;
            onDelta(piece);
          }
        }
        // The SDK ends an aborted stream quietly instead of throwing.
        if (stoppedBy) throw new ChatModelError(stoppedBy, describe(stoppedBy, config.timeoutMs));
        return text;
      } catch (err) {
        if (err instanceof ChatModelError) throw err;
        if (stoppedBy) throw new ChatModelError(stoppedBy, describe(stoppedBy, config.timeoutMs), { cause: err });
        const status = err instanceof OpenAI.APIError && err.status ? ` (HTTP ${err.status})` : '';
        throw new ChatModelError('provider', `the AI provider failed${status}`, { cause: err });
      } finally {
        clearTimeout(timer);
        clearTimeout(deadline);
        signal?.removeEventListener('abort', onAbort);
      }
    },
  };
}

const describe = (why: 'timeout' | 'aborted', timeoutMs: number) =>
  why === 'timeout' ? `the AI provider sent no text for ${timeoutMs} ms or did not finish in time` : 'the request was cancelled';
