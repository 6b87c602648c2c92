import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  SIMILARITY_PAIRS_KEPT,
  SimilarityMessages,
  type CodeRegion,
  type SimilarityOverview,
  type SimilarityPair,
  type SimilarityPairDetail,
  type SimilarityStatus,
} from '../../../common/similarity';
import type { Db } from '../../platform/db/client';
import { conflict, notFound } from '../../platform/http/errors';
import { requireId } from '../../platform/http/ids';
import { tokenLanguageOf, type CompareInput, type CompareOutput, type MatchedFragment } from './similarity-engine';
import { compareInThread } from './similarity-thread-host';

/** The job that runs one check: on the app's queue, one check at a time (each takes the CPU for seconds). */
export const SIMILARITY_CHECK_TASK = 'similarity_check';
const SIMILARITY_QUEUE = 'similarity';
/** A check still queued or running after this long was interrupted (the app stopped): it may be asked for again. */
export const SIMILARITY_STALE_MINUTES = 15;

type CheckRow = {
  exercise_id: string;
  run_id: string;
  status: SimilarityStatus;
  requested_at: Date;
  threshold: number;
  error: string | null;
  finished_at: Date | null;
  result_threshold: number | null;
  compared: number | null;
  pairs_above: number | null;
};

type PairRow = {
  id: string;
  similarity: number;
  fragment_count: number;
  longest_lines: number;
  left_id: string;
  left_name: string;
  right_id: string;
  right_name: string;
};

const nameOf = (first: string, last: string) => `${first} ${last}`.trim();

/**
 * The comparison of students' code per exercise, for the tutor ('Check Similarity'). What is compared is every
 * student's last submission (mode 'submit', outside the preview): what they handed in, kept for good, whereas runs
 * are drafts that the nightly pruning deletes. The check reads code as text and never runs it.
 */
/** Each further file follows the main one under a comment line with its name, in the pair view as in the check. */
const FILE_HEADER_SQL = sql.raw(`E'\\n// ' || f.name || E'\\n'`);
/** A submission's whole program: its main code, then its further files (a Java exercise's other classes) by name. */
const WHOLE_PROGRAM_SQL = (alias: 'ls' | 'rs' | 's') =>
  sql.raw(
    `${alias}.code || coalesce((select string_agg(E'\\n// ' || (file->>'name') || E'\\n' || (file->>'content'), '' order by file->>'name') from jsonb_array_elements(${alias}.student_files) as f(file)), '')`,
  );

export function createSimilarityService({
  db,
  now,
  compare = compareInThread,
}: {
  db: Db;
  now: () => Date;
  /** The comparison; a worker thread unless a test hands in another. */
  compare?: (input: CompareInput) => Promise<CompareOutput>;
}) {
  async function exerciseOf(exerciseId: string) {
    requireId(exerciseId, SimilarityMessages.exerciseNotFound);
    const { rows } = await db.execute<{ id: string; title: string; language: string; starter_code: string }>(
      // A Java exercise's further files start from the tutor's starters too: they are part of the code left out.
      sql`select e.id, e.title, e.language,
                 e.starter_code || coalesce((select string_agg(${FILE_HEADER_SQL} || f.content, '' order by f.name)
                                             from exercise_files f where f.exercise_id = e.id and f.editable), '') as starter_code
          from exercises e where e.id = ${exerciseId}`,
    );
    if (!rows[0]) throw notFound(SimilarityMessages.exerciseNotFound);
    return rows[0];
  }

  /** Every student's last submission of the exercise: what a check compares. */
  async function lastSubmissions(exerciseId: string) {
    const { rows } = await db.execute<{ id: string; code: string; created_at: Date }>(sql`
      select distinct on (s.user_id) s.id, ${WHOLE_PROGRAM_SQL('s')} as code, s.created_at
      from exercise_submissions s join users u on u.id = s.user_id and u.role = 'student'
      where s.exercise_id = ${exerciseId} and s.purpose = 'submit' and not s.preview
      order by s.user_id, s.created_at desc, s.id desc`);
    return rows;
  }

  const stale = (row: CheckRow) =>
    (row.status === 'queued' || row.status === 'running') &&
    now().getTime() - new Date(row.requested_at).getTime() > SIMILARITY_STALE_MINUTES * 60_000;

  const pairOf = (r: PairRow): SimilarityPair => ({
    id: r.id,
    left: { id: r.left_id, name: r.left_name },
    right: { id: r.right_id, name: r.right_name },
    similarity: r.similarity,
    fragments: r.fragment_count,
    longestLines: r.longest_lines,
  });

  // A pair's fragment count and its longest fragment in lines of the left program, without sending the fragments.
  const PAIR_FIGURES = sql`jsonb_array_length(p.fragments)::int as fragment_count,
    coalesce((select max((f->'left'->>'endRow')::int - (f->'left'->>'startRow')::int + 1)
              from jsonb_array_elements(p.fragments) f), 0)::int as longest_lines`;

  /** Records why a check failed; the results it would have replaced stay. */
  async function fail(exerciseId: string, runId: string, err: unknown) {
    const message = `${SimilarityMessages.failed} ${err instanceof Error ? err.message : String(err)}`;
    await db.execute(sql`
      update similarity_checks set status = 'failed', error = ${message}
      where exercise_id = ${exerciseId} and run_id = ${runId}`);
  }

  /** Replaces the exercise's pairs with what a check found, in one transaction, unless the check was asked for again. */
  async function keep(exerciseId: string, runId: string, threshold: number, output: CompareOutput, pairs: CompareOutput['pairs']) {
    await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ run_id: string }>(
        sql`select run_id from similarity_checks where exercise_id = ${exerciseId} for update`,
      );
      if (rows[0]?.run_id !== runId) return;
      await tx.execute(sql`delete from similarity_pairs where exercise_id = ${exerciseId}`);
      if (pairs.length > 0) {
        // A submission deleted meanwhile (its student was) leaves its pairs out.
        await tx.execute(sql`
          insert into similarity_pairs (exercise_id, left_submission_id, right_submission_id, similarity, fragments)
          select ${exerciseId}, p.left_id, p.right_id, p.similarity, p.fragments
          from jsonb_to_recordset(${JSON.stringify(
            pairs.map((p) => ({ left_id: p.left, right_id: p.right, similarity: p.similarity, fragments: p.fragments })),
          )}::jsonb) as p(left_id uuid, right_id uuid, similarity real, fragments jsonb)
          where exists (select 1 from exercise_submissions s where s.id = p.left_id)
            and exists (select 1 from exercise_submissions s where s.id = p.right_id)`);
      }
      await tx.execute(sql`
        update similarity_checks set status = 'done', error = null, finished_at = ${now().toISOString()},
          result_threshold = ${threshold}, compared = ${output.compared}, pairs_above = ${output.pairsAbove}
        where exercise_id = ${exerciseId}`);
    });
  }

  return {
    /** The latest check of the exercise and the pairs it kept, the most similar first. */
    async overview(exerciseId: string): Promise<SimilarityOverview> {
      const exercise = await exerciseOf(exerciseId);
      const [checks, pairs, submitted] = await Promise.all([
        db.execute<CheckRow>(sql`select * from similarity_checks where exercise_id = ${exerciseId}`),
        db.execute<PairRow>(sql`
          select p.id, p.similarity, ${PAIR_FIGURES},
                 lu.id as left_id, trim(lu.first_name || ' ' || lu.last_name) as left_name,
                 ru.id as right_id, trim(ru.first_name || ' ' || ru.last_name) as right_name
          from similarity_pairs p
          join exercise_submissions ls on ls.id = p.left_submission_id join users lu on lu.id = ls.user_id
          join exercise_submissions rs on rs.id = p.right_submission_id join users ru on ru.id = rs.user_id
          where p.exercise_id = ${exerciseId}
          order by p.similarity desc, left_name, right_name`),
        db.execute<{ n: number }>(sql`
          select count(distinct s.user_id)::int as n
          from exercise_submissions s join users u on u.id = s.user_id and u.role = 'student'
          where s.exercise_id = ${exerciseId} and s.purpose = 'submit' and not s.preview`),
      ]);
      const row = checks.rows[0];
      return {
        exercise: { id: exercise.id, title: exercise.title, language: exercise.language },
        submittedStudents: submitted.rows[0]?.n ?? 0,
        check: row
          ? {
              status: stale(row) ? 'failed' : row.status,
              requestedAt: new Date(row.requested_at).toISOString(),
              threshold: row.threshold,
              error: stale(row) ? SimilarityMessages.interrupted : row.error,
              results:
                row.finished_at && row.result_threshold !== null
                  ? {
                      finishedAt: new Date(row.finished_at).toISOString(),
                      threshold: row.result_threshold,
                      compared: row.compared ?? 0,
                      pairsAbove: row.pairs_above ?? 0,
                    }
                  : null,
            }
          : null,
        pairs: pairs.rows.map(pairOf),
      };
    },

    /** 'Check Similarity': queues a check of the exercise (409 while one is queued or running). */
    async request(adminId: string, exerciseId: string, threshold: number): Promise<void> {
      await exerciseOf(exerciseId);
      await db.transaction(async (tx) => {
        // Two presses at once must not both pass the check below.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('similarity_checks'), hashtext(${exerciseId}))`);
        const { rows } = await tx.execute<CheckRow>(sql`select * from similarity_checks where exercise_id = ${exerciseId}`);
        const open = rows[0];
        if (open && (open.status === 'queued' || open.status === 'running') && !stale(open)) {
          throw conflict(SimilarityMessages.alreadyRunning);
        }
        const runId = randomUUID();
        await tx.execute(sql`
          insert into similarity_checks (exercise_id, run_id, status, requested_by, requested_at, threshold)
          values (${exerciseId}, ${runId}, 'queued', ${adminId}, ${now().toISOString()}, ${threshold})
          on conflict (exercise_id) do update set run_id = excluded.run_id, status = 'queued',
            requested_by = excluded.requested_by, requested_at = excluded.requested_at, started_at = null,
            threshold = excluded.threshold, error = null`);
        // The job key replaces an interrupted request's job, if it is still waiting.
        await tx.execute(
          sql`select graphile_worker.add_job(${SIMILARITY_CHECK_TASK}, ${JSON.stringify({ exerciseId, runId })}::json,
                queue_name => ${SIMILARITY_QUEUE}, max_attempts => 1, job_key => ${`similarity:${exerciseId}`})`,
        );
      });
    },

    /**
     * Runs one queued check and keeps what it found: the previous results are replaced in one transaction, only once
     * the comparison has finished, so a check that fails leaves them as they were.
     */
    async run({ exerciseId, runId }: { exerciseId: string; runId: string }): Promise<void> {
      const { rows: started } = await db.execute<{ threshold: number }>(sql`
        update similarity_checks set status = 'running', started_at = ${now().toISOString()}
        where exercise_id = ${exerciseId} and run_id = ${runId} and status = 'queued'
        returning threshold`);
      // Asked for again since, or the exercise is gone: nothing to do.
      if (!started[0]) return;
      const threshold = started[0].threshold;
      let output: CompareOutput;
      let submissions: Awaited<ReturnType<typeof lastSubmissions>>;
      try {
        const exercise = await exerciseOf(exerciseId);
        submissions = await lastSubmissions(exerciseId);
        output = await compare({
          language: tokenLanguageOf(exercise.language),
          starterCode: exercise.starter_code,
          programs: submissions.map((s) => ({ key: s.id, code: s.code })),
          threshold: threshold / 100,
          maxPairs: SIMILARITY_PAIRS_KEPT,
        });
      } catch (err) {
        return fail(exerciseId, runId, err);
      }
      // The earlier submission on the left: who may have copied from whom is easier to read that way round.
      const submittedAt = new Map(submissions.map((s) => [s.id, new Date(s.created_at).getTime()]));
      const pairs = output.pairs.map((p) =>
        submittedAt.get(p.left)! <= submittedAt.get(p.right)!
          ? p
          : {
              left: p.right,
              right: p.left,
              similarity: p.similarity,
              fragments: p.fragments.map((f) => ({ left: f.right, right: f.left })),
            },
      );
      try {
        await keep(exerciseId, runId, threshold, output, pairs);
      } catch (err) {
        await fail(exerciseId, runId, err);
      }
    },

    /** One kept pair: both programs as they were submitted, and the fragments that match. */
    async pair(exerciseId: string, pairId: string): Promise<SimilarityPairDetail> {
      const exercise = await exerciseOf(exerciseId);
      requireId(pairId, SimilarityMessages.pairNotFound);
      const { rows } = await db.execute<
        PairRow & {
          fragments: MatchedFragment[];
          left_submission: string;
          left_code: string;
          left_at: Date;
          right_submission: string;
          right_code: string;
          right_at: Date;
          left_first: string;
          left_last: string;
          right_first: string;
          right_last: string;
        }
      >(sql`
        select p.id, p.similarity, p.fragments, ${PAIR_FIGURES},
               ls.id as left_submission, ${WHOLE_PROGRAM_SQL('ls')} as left_code, ls.created_at as left_at,
               lu.id as left_id, lu.first_name as left_first, lu.last_name as left_last,
               rs.id as right_submission, ${WHOLE_PROGRAM_SQL('rs')} as right_code, rs.created_at as right_at,
               ru.id as right_id, ru.first_name as right_first, ru.last_name as right_last
        from similarity_pairs p
        join exercise_submissions ls on ls.id = p.left_submission_id join users lu on lu.id = ls.user_id
        join exercise_submissions rs on rs.id = p.right_submission_id join users ru on ru.id = rs.user_id
        where p.id = ${pairId} and p.exercise_id = ${exerciseId}`);
      const r = rows[0];
      if (!r) throw notFound(SimilarityMessages.pairNotFound);
      const leftName = nameOf(r.left_first, r.left_last);
      const rightName = nameOf(r.right_first, r.right_last);
      const region = (x: CodeRegion): CodeRegion => ({ startRow: x.startRow, startCol: x.startCol, endRow: x.endRow, endCol: x.endCol });
      return {
        pair: pairOf({ ...r, left_name: leftName, right_name: rightName }),
        language: exercise.language,
        left: {
          student: { id: r.left_id, name: leftName },
          submissionId: r.left_submission,
          submittedAt: new Date(r.left_at).toISOString(),
          code: r.left_code,
        },
        right: {
          student: { id: r.right_id, name: rightName },
          submissionId: r.right_submission,
          submittedAt: new Date(r.right_at).toISOString(),
          code: r.right_code,
        },
        fragments: r.fragments.map((f) => ({ left: region(f.left), right: region(f.right) })),
      };
    },
  };
}

export type SimilarityService = ReturnType<typeof createSimilarityService>;
