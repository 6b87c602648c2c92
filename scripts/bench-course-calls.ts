/**
 * The course call the benchmarks watch while they load the server (npm run bench:backup, npm run bench:similarity):
 * the students' screens, each asking for its course page every 50 ms until stopped; every answer's time.
 */
export function courseCalls(base: string, students: { cookie: string; courseId: string }[]) {
  const times: number[] = [];
  let errors = 0;
  let stop = false;
  const loops = students.map(async ({ cookie, courseId }) => {
    while (!stop) {
      const t = performance.now();
      const res = await fetch(`${base}/api/courses/${courseId}/learn`, { headers: { cookie } }).catch(() => undefined);
      if (res?.ok) {
        await res.arrayBuffer();
        times.push(performance.now() - t);
      } else errors++;
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
    },
  };
}
