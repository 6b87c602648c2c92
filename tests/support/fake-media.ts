import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

/**
 * Small in-test providers for the media and web helpers, on one local port, no network:
 *  - an OpenAI-compatible API at `baseUrl`: POST /images/generations, /audio/speech, /audio/transcriptions;
 *  - a Jina-style web search at `searchUrl` (GET ?q=...) and reader at `readerUrl` (GET <readerUrl><page url>),
 *    answering `{ code: 200, status: 20000, data }`.
 * Every request is recorded. How one is answered, first match wins:
 *  1. the next behaviour queued for its kind with `enqueue()` (or POST /__fake/next `{ kind, behaviour }` from another process);
 *  2. a directive in the request's text (the image prompt, the text to speak, the search query, the audio bytes):
 *       [[media:fail:503]]     that status with an error field: { "error": { "message": "fake <kind> failure 503" } }
 *       [[media:bare:500]]     that status with no error field
 *       [[media:hang]]         never answer
 *       [[media:bad]]          success, but not an image / not audio / not JSON
 *       [[image:url]]          the image as a URL the fake serves, not base64     [[image:jpeg]] [[image:webp]] other formats
 *       [[image:svg]]          an SVG (refused: not PNG, JPEG or WebP)             [[image:huge]] an image over 8 MB
 *       [[search:code:402]]    HTTP 200 with body code 402 (status 40203)        [[search:status:40001]] code 200, status 40001
 *       [[search:notext]]      results without text (the reader is asked)        [[search:none]] no results
 *       [[stt:silence]]        a transcription with no words
 *  3. the default: a small PNG (base64), a short WAV, the words 'How do pointers work in C?', four search results.
 */

export type FakeMediaKind = 'image' | 'speech' | 'transcription' | 'search' | 'reader';

export type FakeMediaBehaviour =
  { kind: 'fail'; status: number; errorField?: boolean } | { kind: 'hang' } | { kind: 'bad' } | { kind: 'text'; text: string };

export type MediaRequest = {
  kind: FakeMediaKind | 'file';
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  /** JSON bodies as parsed; transcriptions: their fields and the file's name, type and size. */
  body: Record<string, unknown>;
  receivedAt: string;
};

export type FakeMedia = {
  /** For IMAGE_BASE_URL / TTS_BASE_URL / STT_BASE_URL (or OPENAI_BASE_URL), e.g. http://127.0.0.1:40123/v1 */
  baseUrl: string;
  searchUrl: string;
  readerUrl: string;
  port: number;
  requests: MediaRequest[];
  of(kind: MediaRequest['kind']): MediaRequest[];
  enqueue(kind: FakeMediaKind, ...behaviours: FakeMediaBehaviour[]): void;
  reset(): void;
  close(): Promise<void>;
};

export const TRANSCRIPT = 'How do pointers work in C?';

// ---------- real, tiny media files ----------

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of one colour (RGB), `width` × `height`. */
export function pngBytes(width = 32, height = 18, rgb: [number, number, number] = [37, 99, 235]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The first bytes of a JPEG and a WebP: enough for the server's check by magic bytes. */
export const jpegBytes = () =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0fake jpeg body', 'latin1')]);
export const webpBytes = () =>
  Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.from([0x20, 0, 0, 0]), Buffer.from('WEBPVP8 fake webp body', 'latin1')]);

/** A real WAV: `ms` milliseconds of silence, 8 kHz, 16-bit mono. */
export function wavBytes(ms = 200): Buffer {
  const samples = Math.round((8000 * ms) / 1000);
  const data = Buffer.alloc(samples * 2);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVE', 8, 'latin1');
  h.write('fmt ', 12, 'latin1');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(8000, 24);
  h.writeUInt32LE(16000, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'latin1');
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

/** The first bytes of a WebM recording (what browsers record), with `text` after them (directives for the fake). */
export const webmBytes = (text = '') =>
  Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81]),
    Buffer.from(`webm${text}`, 'latin1'),
  ]);

// ---------- the server ----------

function directive(text: string): FakeMediaBehaviour | undefined {
  const fail = /\[\[media:fail:(\d{3})\]\]/.exec(text);
  if (fail) return { kind: 'fail', status: Number(fail[1]), errorField: true };
  const bare = /\[\[media:bare:(\d{3})\]\]/.exec(text);
  if (bare) return { kind: 'fail', status: Number(bare[1]), errorField: false };
  if (text.includes('[[media:hang]]')) return { kind: 'hang' };
  if (text.includes('[[media:bad]]')) return { kind: 'bad' };
  return undefined;
}

export async function startFakeMedia(options: { host?: string } = {}): Promise<FakeMedia> {
  const host = options.host ?? '127.0.0.1';
  const requests: MediaRequest[] = [];
  const queues = new Map<FakeMediaKind, FakeMediaBehaviour[]>();
  const served = new Map<string, { type: string; data: Buffer }>();
  const sockets = new Set<import('node:net').Socket>();
  let seq = 0;
  let origin = '';

  const take = (kind: FakeMediaKind) => queues.get(kind)?.shift();
  const json = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const failWith = (res: http.ServerResponse, kind: FakeMediaKind, b: { status: number; errorField?: boolean }) =>
    b.errorField === false
      ? json(res, b.status, { detail: 'no error field here' })
      : json(res, b.status, { error: { message: `fake ${kind} failure ${b.status}`, type: 'fake_error' } });

  function record(kind: MediaRequest['kind'], req: http.IncomingMessage, url: URL, body: Record<string, unknown>) {
    requests.push({
      kind,
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: req.headers.authorization,
      body,
      receivedAt: new Date().toISOString(),
    });
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: Buffer) {
    const url = new URL(req.url ?? '/', origin);
    const path = url.pathname;

    if (path === '/__fake/requests') {
      if (req.method === 'DELETE') requests.length = 0;
      return json(res, 200, requests);
    }
    if (path === '/__fake/next' && req.method === 'POST') {
      const { kind, behaviour } = JSON.parse(raw.toString('utf8')) as { kind: FakeMediaKind; behaviour: FakeMediaBehaviour };
      queues.set(kind, [...(queues.get(kind) ?? []), behaviour]);
      return res.writeHead(204).end();
    }
    if (path.startsWith('/files/')) {
      record('file', req, url, {});
      const file = served.get(path);
      if (!file) return json(res, 404, { error: 'no such file' });
      return res.writeHead(200, { 'content-type': file.type, 'content-length': file.data.length }).end(file.data);
    }

    if (req.method === 'POST' && path === '/v1/images/generations') {
      const body = JSON.parse(raw.toString('utf8')) as { prompt?: string; model?: string; n?: number };
      record('image', req, url, body);
      const prompt = body.prompt ?? '';
      const b = take('image') ?? directive(prompt);
      if (b?.kind === 'fail') return failWith(res, 'image', b);
      if (b?.kind === 'hang') return;
      let image = pngBytes(32, 18, [37 + (seq % 5) * 40, 99, 235]);
      let type = 'image/png';
      if (b?.kind === 'bad' || prompt.includes('[[image:svg]]')) {
        image = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
        type = 'image/svg+xml';
      } else if (prompt.includes('[[image:jpeg]]')) [image, type] = [jpegBytes(), 'image/jpeg'];
      else if (prompt.includes('[[image:webp]]')) [image, type] = [webpBytes(), 'image/webp'];
      else if (prompt.includes('[[image:huge]]')) image = Buffer.concat([pngBytes(), Buffer.alloc(8 * 1024 * 1024 + 10)]);
      const id = ++seq;
      if (prompt.includes('[[image:url]]')) {
        const filePath = `/files/image-${id}.${type.split('/')[1]}`;
        served.set(filePath, { type, data: image });
        return json(res, 200, { created: Math.floor(Date.now() / 1000), data: [{ url: `${origin}${filePath}` }] });
      }
      return json(res, 200, { created: Math.floor(Date.now() / 1000), data: [{ b64_json: image.toString('base64') }] });
    }

    if (req.method === 'POST' && path === '/v1/audio/speech') {
      const body = JSON.parse(raw.toString('utf8')) as { input?: string };
      record('speech', req, url, body);
      const b = take('speech') ?? directive(body.input ?? '');
      if (b?.kind === 'fail') return failWith(res, 'speech', b);
      if (b?.kind === 'hang') return;
      if (b?.kind === 'bad') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>not audio</html>');
      const audio = wavBytes();
      return res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': audio.length }).end(audio);
    }

    if (req.method === 'POST' && path === '/v1/audio/transcriptions') {
      const form = parseMultipart(raw, req.headers['content-type'] ?? '');
      record('transcription', req, url, form.fields);
      const text = form.file?.data.toString('latin1') ?? '';
      const b = take('transcription') ?? directive(text);
      if (b?.kind === 'fail') return failWith(res, 'transcription', b);
      if (b?.kind === 'hang') return;
      if (b?.kind === 'bad') return res.writeHead(200, { 'content-type': 'text/plain' }).end('not json');
      if (b?.kind === 'text') return json(res, 200, { text: b.text });
      return json(res, 200, { text: text.includes('[[stt:silence]]') ? '  ' : TRANSCRIPT });
    }

    if (req.method === 'GET' && (path === '/search' || path === '/search/')) {
      const q = url.searchParams.get('q') ?? '';
      record('search', req, url, {});
      const b = take('search') ?? directive(q);
      if (b?.kind === 'fail')
        return b.errorField === false ? json(res, b.status, {}) : json(res, b.status, { error: `fake search failure ${b.status}` });
      if (b?.kind === 'hang') return;
      if (b?.kind === 'bad') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>not json</html>');
      const code = /\[\[search:code:(\d+)\]\]/.exec(q);
      if (code)
        return json(res, 200, {
          code: Number(code[1]),
          status: Number(code[1]) * 100 + 3,
          data: null,
          readableMessage: 'fake body failure',
        });
      const status = /\[\[search:status:(\d+)\]\]/.exec(q);
      if (status) return json(res, 200, { code: 200, status: Number(status[1]), data: [] });
      if (q.includes('[[search:none]]')) return json(res, 200, { code: 200, status: 20000, data: [] });
      const noText = q.includes('[[search:notext]]');
      const data = [1, 2, 3, 4].map((i) => ({
        title: `Result ${i} about ${q
          .replace(/\[\[.*?\]\]/g, '')
          .trim()
          .slice(0, 40)}`,
        url: `https://example.org/page-${i}`,
        ...(noText ? {} : { description: `What page ${i} says about the question.` }),
      }));
      return json(res, 200, {
        code: 200,
        status: 20000,
        data: [{ title: 'Not a web page', url: 'javascript:alert(1)', description: 'x' }, ...data],
      });
    }

    if (req.method === 'GET' && path.startsWith('/reader/')) {
      const page = decodeURIComponent(req.url!.slice('/reader/'.length));
      record('reader', req, url, { url: page });
      const b = take('reader') ?? directive(page);
      if (b?.kind === 'fail') return json(res, b.status, { error: `fake reader failure ${b.status}` });
      if (b?.kind === 'hang') return;
      return json(res, 200, { code: 200, status: 20000, data: { title: `Read: ${page}`, url: page, content: `The text of ${page}.` } });
    }

    return json(res, 404, { error: { message: `no route ${req.method} ${path}` } });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks)).catch((err: unknown) => {
        if (!res.headersSent) json(res, 500, { error: { message: String(err) } });
      });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://${host}:${port}`;

  return {
    baseUrl: `${origin}/v1`,
    searchUrl: `${origin}/search`,
    readerUrl: `${origin}/reader/`,
    port,
    requests,
    of: (kind) => requests.filter((r) => r.kind === kind),
    enqueue: (kind, ...behaviours) => queues.set(kind, [...(queues.get(kind) ?? []), ...behaviours]),
    reset() {
      requests.length = 0;
      queues.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Just enough multipart/form-data parsing for the transcription request: text fields, and the file's name, type and bytes. */
function parseMultipart(raw: Buffer, contentType: string) {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const fields: Record<string, unknown> = {};
  let file: { name: string; type: string; data: Buffer } | undefined;
  if (!boundary) return { fields, file };
  const marker = `--${boundary[1] ?? boundary[2]}`;
  const text = raw.toString('latin1');
  for (const part of text.split(marker).slice(1, -1)) {
    const split = part.indexOf('\r\n\r\n');
    const head = part.slice(0, split);
    const body = part.slice(split + 4, part.length - 2);
    const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    if (filename !== undefined) {
      file = { name: filename, type: /content-type:\s*([^\r\n]+)/i.exec(head)?.[1] ?? '', data: Buffer.from(body, 'latin1') };
      fields[name] = { filename, type: file.type, size: file.data.length };
    } else fields[name] = body;
  }
  return { fields, file };
}
