import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small OpenAI-compatible chat-completions server for tests (no network, no model).
 * It answers POST {baseUrl}/chat/completions — streamed (server-sent chunks, then `data: [DONE]`) or
 * not — records every request it got, and can be told to fail, hang, stall mid-answer or say nothing.
 *
 * How a request is answered, first match wins:
 *  1. the next behaviour queued with `enqueue()` (or POST /__fake/next from another process);
 *  2. a directive in the newest user message, so parallel browser tests never share a queue:
 *       [[fake:fail:503]]  answer with that HTTP status and an OpenAI-style error body
 *       [[fake:hang]]      never answer (the caller's timeout must end it)
 *       [[fake:stall]]     stream the first piece of the default answer, then hang
 *       [[fake:empty]]     stream an answer with no text
 *       [[fake:trickle]]   stream chunks with no text every 50 ms, forever (keeps a connection busy, says nothing)
 *       [[fake:slow:200]]  the default answer, waiting 200 ms between pieces
 *       [[fake:reply]]rest the text after the marker, verbatim, as the answer (Markdown, XSS payloads...)
 *  3. the default answer: a short guiding reply in several pieces (`defaultReply`).
 *
 * From another process (Playwright workers): GET /__fake/requests lists what was received,
 * DELETE /__fake/requests forgets it, POST /__fake/next with a FakeBehaviour JSON queues one.
 */

export type FakeBehaviour =
  | { kind: 'reply'; text: string; chunkDelayMs?: number }
  | { kind: 'fail'; status: number; message?: string }
  | { kind: 'hang' }
  | { kind: 'stall'; text?: string }
  | { kind: 'empty' }
  | { kind: 'trickle' };

export type ChatMessage = { role: string; content: string };

export type RecordedRequest = {
  method: string;
  path: string;
  authorization: string | undefined;
  body: {
    model?: string;
    messages?: ChatMessage[];
    stream?: boolean;
    temperature?: number;
    max_tokens?: number;
    max_completion_tokens?: number;
    [key: string]: unknown;
  };
  receivedAt: string;
  /** Set when the client closed the connection before the answer was complete (a cancelled or timed-out call). */
  closedByClient?: boolean;
};

export type FakeOpenAI = {
  /** What to put in OPENAI_BASE_URL, e.g. http://127.0.0.1:40123/v1 */
  baseUrl: string;
  port: number;
  /** Every chat-completions request received, oldest first. */
  requests: RecordedRequest[];
  lastRequest(): RecordedRequest | undefined;
  enqueue(...behaviours: FakeBehaviour[]): void;
  /** Forgets recorded requests and queued behaviours. */
  reset(): void;
  /** Connections currently open (a hung request counts until the client gives up). */
  openConnections(): number;
  close(): Promise<void>;
};

/** The answer when nothing else was asked for; `pieces` is how it is streamed. */
export function defaultReply(question: string): { text: string; pieces: string[] } {
  const topic = question.replace(/\s+/g, ' ').trim().slice(0, 60);
  const text =
    `Let's work through "${topic}" step by step.\n\n` +
    '1. Start from the key idea of this lesson.\n' +
    '2. Try a small example on your own.\n\n' +
    'Tell me what you find, and I will give you the next hint.';
  return { text, pieces: splitIntoPieces(text) };
}

/** Splits text into pieces of about three words, keeping every character, so joining them gives it back. */
export function splitIntoPieces(text: string, wordsPerPiece = 3): string[] {
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  const pieces: string[] = [];
  for (let i = 0; i < words.length; i += wordsPerPiece) pieces.push(words.slice(i, i + wordsPerPiece).join(''));
  return pieces;
}

/** The behaviour a directive in the message asks for, or undefined. */
export function behaviourFromDirective(message: string): FakeBehaviour | undefined {
  const reply = message.indexOf('[[fake:reply]]');
  if (reply >= 0) return { kind: 'reply', text: message.slice(reply + '[[fake:reply]]'.length) };
  const fail = /\[\[fake:fail:(\d{3})\]\]/.exec(message);
  if (fail) return { kind: 'fail', status: Number(fail[1]) };
  if (message.includes('[[fake:hang]]')) return { kind: 'hang' };
  if (message.includes('[[fake:stall]]')) return { kind: 'stall' };
  if (message.includes('[[fake:empty]]')) return { kind: 'empty' };
  if (message.includes('[[fake:trickle]]')) return { kind: 'trickle' };
  const slow = /\[\[fake:slow:(\d+)\]\]/.exec(message);
  if (slow) return { kind: 'reply', text: defaultReply(message).text, chunkDelayMs: Number(slow[1]) };
  return undefined;
}

function lastUserText(messages: ChatMessage[] | undefined): string {
  const last = [...(messages ?? [])].reverse().find((m) => m.role === 'user');
  return typeof last?.content === 'string' ? last.content : '';
}

const DEFAULT_CHUNK_DELAY_MS = 15;

export async function startFakeOpenAI(options: { host?: string; port?: number } = {}): Promise<FakeOpenAI> {
  const requests: RecordedRequest[] = [];
  const queue: FakeBehaviour[] = [];
  const sockets = new Set<import('node:net').Socket>();
  let seq = 0;

  const server = http.createServer((req, res) => {
    readBody(req)
      .then((raw) => handle(req, res, raw))
      .catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: String(err), type: 'fake_error' } }));
      });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    const path = (req.url ?? '/').split('?')[0] ?? '/';

    if (path === '/__fake/requests') {
      if (req.method === 'DELETE') requests.length = 0;
      return json(res, 200, requests);
    }
    if (path === '/__fake/next' && req.method === 'POST') {
      queue.push(JSON.parse(raw) as FakeBehaviour);
      return json(res, 204, null);
    }
    if (path === '/__fake/reset' && req.method === 'POST') {
      requests.length = 0;
      queue.length = 0;
      return json(res, 204, null);
    }
    if (req.method === 'GET' && path.endsWith('/models')) {
      return json(res, 200, { object: 'list', data: [{ id: 'fake-model', object: 'model', owned_by: 'tests' }] });
    }
    if (req.method !== 'POST' || !path.endsWith('/chat/completions')) {
      return json(res, 404, { error: { message: `no route ${req.method} ${path}`, type: 'invalid_request_error' } });
    }

    let body: RecordedRequest['body'];
    try {
      body = JSON.parse(raw) as RecordedRequest['body'];
    } catch {
      return json(res, 400, { error: { message: 'body is not JSON', type: 'invalid_request_error' } });
    }
    const recorded: RecordedRequest = {
      method: req.method,
      path,
      authorization: req.headers.authorization,
      body,
      receivedAt: new Date().toISOString(),
    };
    requests.push(recorded);
    res.on('close', () => {
      if (!res.writableFinished) recorded.closedByClient = true;
    });

    const question = lastUserText(body.messages);
    const behaviour = queue.shift() ?? behaviourFromDirective(question) ?? { kind: 'reply', text: defaultReply(question).text };
    const id = `chatcmpl-fake-${++seq}`;
    const model = body.model ?? 'fake-model';

    switch (behaviour.kind) {
      case 'fail':
        return json(res, behaviour.status, {
          error: { message: behaviour.message ?? `fake provider failure ${behaviour.status}`, type: 'server_error', code: null },
        });
      case 'hang':
        return; // the request stays open until the client gives up or the server closes
      case 'empty':
        return answer(res, { id, model, stream: body.stream === true, pieces: [] });
      case 'stall': {
        const first = splitIntoPieces(behaviour.text ?? defaultReply(question).text)[0] ?? 'Let';
        startStream(res);
        sendChunk(res, chunk(id, model, { role: 'assistant', content: first }, null));
        return; // then nothing more
      }
      case 'trickle': {
        startStream(res);
        const timer = setInterval(() => sendChunk(res, chunk(id, model, { content: '' }, null)), 50);
        res.on('close', () => clearInterval(timer));
        return;
      }
      case 'reply':
        return answer(res, {
          id,
          model,
          stream: body.stream === true,
          pieces: splitIntoPieces(behaviour.text),
          delayMs: behaviour.chunkDelayMs ?? DEFAULT_CHUNK_DELAY_MS,
        });
    }
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://${options.host ?? '127.0.0.1'}:${port}/v1`,
    port,
    requests,
    lastRequest: () => requests[requests.length - 1],
    enqueue: (...behaviours) => queue.push(...behaviours),
    reset() {
      requests.length = 0;
      queue.length = 0;
    },
    openConnections: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function json(res: http.ServerResponse, status: number, payload: unknown) {
  if (status === 204) {
    res.writeHead(204).end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
}

function chunk(id: string, model: string, delta: Record<string, unknown>, finishReason: string | null) {
  return {
    id,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }],
  };
}

function startStream(res: http.ServerResponse) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.flushHeaders();
}

function sendChunk(res: http.ServerResponse, payload: unknown) {
  res.write(`data: ${JSON.stringify(payload)}\n\n`);
}

async function answer(res: http.ServerResponse, a: { id: string; model: string; stream: boolean; pieces: string[]; delayMs?: number }) {
  if (!a.stream) {
    return json(res, 200, {
      id: a.id,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: a.model,
      choices: [{ index: 0, message: { role: 'assistant', content: a.pieces.join('') }, finish_reason: 'stop', logprobs: null }],
      usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
    });
  }
  startStream(res);
  sendChunk(res, chunk(a.id, a.model, { role: 'assistant', content: '' }, null));
  for (const piece of a.pieces) {
    if (res.destroyed) return;
    if (a.delayMs) await new Promise((r) => setTimeout(r, a.delayMs));
    sendChunk(res, chunk(a.id, a.model, { content: piece }, null));
  }
  sendChunk(res, chunk(a.id, a.model, {}, 'stop'));
  res.write('data: [DONE]\n\n');
  res.end();
}
