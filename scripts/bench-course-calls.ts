import http from 'node:http';

/**
 * The course call the benchmarks watch while they load the server (npm run bench:backup, npm run bench:similarity):
 * the students' screens, each asking for its course page every 50 ms until stopped; every answer's time.
 *
 * The screens are node:http requests on kept-alive connections, asking for a compressed answer as fetch did
 * ('gzip, deflate'), so the server does the same work, and read to the last byte. fetch (undici), decompressing,
 * cost this process two to three times the CPU per call (0.5 to 1.2 ms against 1.4 to 4.2 ms, measured side by side):
 * on the benchmark's two cores that was a third of a core taken from the server it measures, work a school's browsers
 * do on their own machines.
 */
export function courseCalls(base: string, students: { cookie: string; courseId: string }[]) {
  const times: number[] = [];
  let errors = 0;
  let stop = false;
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: students.length });
  const call = (path: string, cookie: string) =>
    new Promise<boolean>((resolve) => {
      const request = http.get(
        { host: url.hostname, port: url.port, path, agent, headers: { cookie, 'accept-encoding': 'gzip, deflate' } },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => resolve(res.statusCode === 200));
          res.on('error', () => resolve(false));
        },
      );
      request.on('error', () => resolve(false));
    });
  const loops = students.map(async ({ cookie, courseId }) => {
    while (!stop) {
      const t = performance.now();
      if (await call(`/api/courses/${courseId}/learn`, cookie)) times.push(performance.now() - t);
      else errors++;
      await new Promise((r) => setTimeout(r, 50));
    }
  });
  return {
    times,
    errors: () => errors,
    /** Keeps only the answers from now on. */
    reset: () => {
      times.length = 0;
      errors = 0;
    },
    stop: async () => {
      stop = true;
      await Promise.all(loops);
      agent.destroy();
    },
  };
}
