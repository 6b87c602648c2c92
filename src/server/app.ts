import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyError, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { ErrorCode } from '../common/errors';
import type { Db } from './platform/db/client';
import type { Env } from './platform/env';
import { AppError, isDatabaseUnavailable } from './platform/http/errors';
import { securityHeaders } from './platform/http/security-headers';
import { warnAboutUndeclaredProxy } from './platform/http/proxy-warning';
import type { Mailer } from './platform/mail/transport';
import { createStorage, type FileStorage } from './platform/storage/storage';
import { authPlugin, requireAdmin, sessionCookie } from './platform/http/guards';
import { sameOriginWrites } from './platform/http/same-origin';
import { createServices, registerModules, type Services } from './registry';
import { firstPageAnswers } from './platform/http/first-page-answers';
import { answersBlock, createPageRenderer, inlineScriptHashes } from './platform/http/page-preloads';
import { signedInPages } from './platform/http/signed-in-pages';

export type AppDeps = {
  env: Env;
  db: Db;
  mailer: Mailer;
  /** The built web app to serve; omitted in API tests. */
  webRoot?: string;
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** Where uploaded files live; by default from env (S3 when configured, else DATA_DIR/files). */
  storage?: FileStorage;
  /** Whether the grading workers this process runs have loaded their compilers; none run in API tests. */
  gradingWarm?: () => boolean;
};

/** An API route; `body`: it declares a JSON body schema. */
export type ApiRoute = { method: string; url: string; body: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route under /api/ (HEAD left out). */
    apiRoutes: readonly ApiRoute[];
    /** The services the modules share; main.ts hands some to the background jobs. */
    services: Services;
  }
}

export async function buildApp(deps: AppDeps) {
  const { env, db, mailer } = deps;
  const now = deps.now ?? (() => new Date());
  const storage = deps.storage ?? createStorage(env);
  const app = Fastify({
    logger: deps.logger ?? false,
    // A line per request and per answer only at LOG_LEVEL=debug or trace: at the default info they
    // would be most of the log and two writes per request under load; the reverse proxy keeps the
    // access log. Errors and warnings are logged as before.
    logController: new LogController({ disableRequestLogging: env.logLevel !== 'debug' && env.logLevel !== 'trace' }),
    bodyLimit: 1024 * 1024,
    trustProxy: (_address: string, hop: number) => hop < env.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Every API route, in the order registered: the authorization matrix test walks this list, so a
  // new route without an entry there fails it.
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const body = Boolean((route.schema as { body?: unknown } | undefined)?.body);
    for (const method of [route.method].flat()) if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, body });
  });

  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.cause) request.log.warn({ err: err.cause }, err.message);
      return reply.code(err.statusCode).send({ ...err.extra, error: { code: err.code, message: err.message, title: err.title } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
      const message = first?.message ?? 'The request is not valid.';
      return reply
        .code(400)
        .send({ error: { code: ErrorCode.validation, message, title: 'Invalid request', ...(field ? { field } : {}) } });
    }
    if (isDatabaseUnavailable(err)) {
      // The same socket errors come from the object store or the AI provider: `err` says which.
      request.log.error({ err }, 'a backing service is unavailable (database, object store or AI provider)');
      return reply
        .code(503)
        .send({ error: { code: ErrorCode.unavailable, message: 'The service is temporarily unavailable. Please try again in a moment.' } });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const code = err.statusCode === 413 ? ErrorCode.payloadTooLarge : ErrorCode.validation;
      return reply.code(err.statusCode).send({ error: { code, message: err.message } });
    }
    request.log.error({ err }, 'unexpected error');
    return reply.code(500).send({ error: { code: ErrorCode.internal, message: 'Something went wrong on our side. Please try again.' } });
  });

  await app.register(cookie);
  const webRoot = deps.webRoot && fs.existsSync(path.join(deps.webRoot, 'index.html')) ? deps.webRoot : undefined;
  await app.register(securityHeaders, { isProduction: env.isProduction, scriptHashes: webRoot ? inlineScriptHashes(webRoot) : [] });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(swagger, {
    openapi: { info: { title: `${env.appName} API`, version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });

  const services = await createServices({ env, db, mailer, storage, now, log: app.log, gradingWarm: deps.gradingWarm });
  app.decorate('services', services);
  const { sessions } = services;
  const cookieConfig = sessionCookie(env.isProduction);

  warnAboutUndeclaredProxy(app, env.trustProxy, now);
  // Cross-site writes are refused before the session is even looked up.
  await app.register(sameOriginWrites, { appUrl: env.appUrl });
  await app.register(authPlugin, { sessions, cookie: cookieConfig });
  // The API description lists every route and field, a map for an attacker: in production only the
  // admin reads it. Registered after the session is resolved, in its own scope so the guard covers
  // the page, its JSON and YAML and its files.
  await app.register(async (docs) => {
    if (env.isProduction) docs.addHook('onRequest', requireAdmin);
    await docs.register(swaggerUi, { routePrefix: '/api/docs' });
  });
  await registerModules(app, { env, now, services, cookie: cookieConfig });

  if (webRoot) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of its assets (scripts/precompress-plugin.ts).
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // index.html with the preloads of the page asked for (src/server/platform/http/page-preloads.ts).
  const renderPage = webRoot ? createPageRenderer(webRoot) : undefined;
  const renderSignedIn = webRoot ? signedInPages(webRoot, app.log) : undefined;
  // The prerendered public pages (the landing page, sign-in, registration) as routes of their own:
  // a route's answer is compressed (@fastify/compress), the not-found handler's is not, and these
  // pages, which carry their style sheet, are the largest.
  for (const pagePath of renderPage?.prerenderedPaths ?? []) {
    app.get(pagePath, async (_request, reply) =>
      reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(renderPage!(pagePath, false)),
    );
  }
  /** A page of the single-page app; signed in, with the answers it waits for, and rendered by the server where it can be. */
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const [pathname, query] = request.url.split('?') as [string, string | undefined];
    const token = request.cookies[cookieConfig.name];
    const signedIn = token ? (await sessions.resolve(token).catch(() => null)) !== null : false;
    const answers = signedIn ? await firstPageAnswers(app, renderPage!.dataPaths(pathname), request.headers.cookie) : null;
    const rendered = answers
      ? await renderSignedIn!({ pathname, search: query ? `?${query}` : '', answers, head: answersBlock(answers) }, request.cookies)
      : null;
    return (
      reply
        // A page that carries the visitor's answers is theirs alone, and as fresh as they are.
        .header('Cache-Control', answers ? 'private, no-store' : 'no-cache')
        .type('text/html; charset=utf-8')
        .send(rendered ?? renderPage!(pathname, signedIn, answers))
    );
  };
  /** A path the app shows as a page (not the API, not a file: a missing file is a 404, never the app's HTML). */
  const isPagePath = (request: FastifyRequest) => {
    const pathname = request.url.split('?')[0]!;
    return request.method === 'GET' && !pathname.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(pathname);
  };
  const notFound = (reply: FastifyReply) => reply.code(404).send({ error: { code: ErrorCode.notFound, message: 'Not found' } });
  // The app's own pages as routes too, so that their answers are compressed: a signed-in page carries
  // its answers and, rendered by the server, its markup and styles.
  for (const pattern of renderPage?.pagePatterns ?? []) {
    app.get(pattern, async (request, reply) => (isPagePath(request) ? sendPage(request, reply) : notFound(reply)));
  }
  app.setNotFoundHandler(async (request, reply) => {
    // Every file of the build has its own route; any other page path belongs to the single-page app.
    if (webRoot && isPagePath(request)) return sendPage(request, reply);
    return notFound(reply);
  });

  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
