-- Learning in the database: who may work in a course, a course's counts, and the progress write.
-- The progress write lives here because its lock, its counts, the write itself and the certificate
-- must hold together in one transaction when a student's requests race (two tabs completing the
-- last lesson get one certificate and one "just completed"); the access rule lives here so that
-- this write and the reads of src/server/domains/learning/learning.service.ts share one definition
-- (docs/decisions/018-current-state-sql.md).
-- This file is the current state, applied at start after the table migrations (src/server/db/sql-files.ts).

-- What a submission of practice code counts as. These two belong to practice; they are defined here,
-- before the lesson checks that read them, because the files run in name order and an SQL function
-- must find the functions it calls when it is created.
--
-- A graded submission: a Submit (not a Run, not the tutor's check of a reference solution), not sent
-- from the admin's preview, and graded. The figures, the exercise report and the analytics count
-- these, and the pruning of old runs keeps them.
CREATE FUNCTION "public"."practice_graded_submission"(s exercise_submissions) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
	SELECT s.purpose = 'submit' AND NOT s.preview AND s.status = 'done'
$$;

-- A passing submission: a graded one whose every test passed. Having one is what passes an
-- exercise, for the lesson checks, the student's exercise list and the tutor's figures alike.
CREATE FUNCTION "public"."practice_passing_submission"(s exercise_submissions) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
	SELECT practice_graded_submission(s) AND s.verdict = 'passed'
$$;

-- Whether a student may work in a course: 'ok', 'course_not_found' (no such course, or not
-- published) or 'not_enrolled'. The admin's preview does not ask: it sees every course there is.
CREATE FUNCTION "public"."learning_course_access"(p_student uuid, p_course uuid) RETURNS text
LANGUAGE plpgsql STABLE AS $$
BEGIN
	IF NOT coalesce((SELECT c.is_published FROM courses c WHERE c.id = p_course), false) THEN
		RETURN 'course_not_found';
	END IF;
	IF NOT EXISTS (SELECT 1 FROM enrollments e WHERE e.student_id = p_student AND e.course_id = p_course) THEN
		RETURN 'not_enrolled';
	END IF;
	RETURN 'ok';
END
$$;

-- A course's lesson count, and how many of those lessons the student has completed.
CREATE FUNCTION "public"."learning_course_counts"(p_student uuid, p_course uuid, OUT total integer, OUT completed integer)
LANGUAGE plpgsql STABLE AS $$
BEGIN
	SELECT count(l.id)::int, count(lp.id) FILTER (WHERE lp.status = 'completed')::int
	INTO total, completed
	FROM chapters ch
	JOIN lessons l ON l.chapter_id = ch.id
	LEFT JOIN lesson_progress lp ON lp.lesson_id = l.id AND lp.student_id = p_student
	WHERE ch.course_id = p_course;
END
$$;

-- What completing a lesson does to its course, given the lessons completed before: p_completed, or
-- when it is null the student's stored progress (learning_course_counts). Answers the course's lesson
-- count, the completed lessons before and after this completion, and whether it finished the course:
-- the course has lessons, they were not all completed before, and they all are after. The one
-- definition of "course just completed": the progress write asks it for a student, under its lock and
-- before its write, so it counts exactly what the write adds; the admin's preview, whose progress is
-- simulated and never stored, asks it with the simulated set (p_student is then not read). Writes
-- nothing; an unknown lesson answers 0, 0, 0, false.
CREATE FUNCTION "public"."learning_completion_outcome"(p_student uuid, p_lesson uuid, p_completed uuid[],
	OUT total integer, OUT completed_before integer, OUT completed_after integer, OUT course_just_completed boolean)
LANGUAGE plpgsql STABLE AS $$
DECLARE
	v_course uuid;
	v_done boolean;
BEGIN
	total := 0;
	completed_before := 0;
	completed_after := 0;
	course_just_completed := false;
	SELECT ch.course_id INTO v_course FROM lessons l JOIN chapters ch ON ch.id = l.chapter_id WHERE l.id = p_lesson;
	IF NOT FOUND THEN
		RETURN;
	END IF;
	IF p_completed IS NULL THEN
		SELECT c.total, c.completed INTO total, completed_before FROM learning_course_counts(p_student, v_course) c;
		v_done := EXISTS (
			SELECT 1 FROM lesson_progress lp WHERE lp.student_id = p_student AND lp.lesson_id = p_lesson AND lp.status = 'completed'
		);
	ELSE
		SELECT count(l.id)::int, count(l.id) FILTER (WHERE l.id = ANY (p_completed))::int
		INTO total, completed_before
		FROM chapters ch
		JOIN lessons l ON l.chapter_id = ch.id
		WHERE ch.course_id = v_course;
		v_done := p_lesson = ANY (p_completed);
	END IF;
	completed_after := completed_before + CASE WHEN v_done THEN 0 ELSE 1 END;
	course_just_completed := total > 0 AND completed_before < total AND completed_after >= total;
END
$$;

-- Whether the student has passed every check of a lesson: each of its exercises has a graded
-- submission that passed, and its quiz (a lesson has at most one) has an attempt that passed. A
-- lesson without checks has passed them all, so Mark Complete is enough there; with checks, passing
-- them is what completes the lesson (learning_complete_if_checks_passed, below, when the last one
-- passes), and a bare Mark Complete is refused.
CREATE FUNCTION "public"."learning_lesson_checks_passed"(p_student uuid, p_lesson uuid) RETURNS boolean
LANGUAGE sql STABLE AS $$
	SELECT NOT EXISTS (
		SELECT 1 FROM exercises x
		WHERE x.lesson_id = p_lesson
		AND NOT EXISTS (
			SELECT 1 FROM exercise_submissions s
			WHERE s.exercise_id = x.id AND s.user_id = p_student AND practice_passing_submission(s)
		)
	) AND NOT EXISTS (
		SELECT 1 FROM quizzes q
		WHERE q.lesson_id = p_lesson
		AND NOT EXISTS (SELECT 1 FROM quiz_attempts a WHERE a.quiz_id = q.id AND a.student_id = p_student AND a.passed)
	)
$$;

-- The lessons of a course that are locked for a student at the moment p_at, each with why: the title of the
-- lesson that locks it (locked_by), and the moment its chapter opens for the student (opens_at). Two rules lock a
-- lesson, and a lesson may be locked by both:
-- - In a course whose lessons must be completed in order, every lesson after the first one not completed
--   (chapters by position, lessons by position, as the outline reads) is locked by that one.
-- - A lesson of a chapter that has not opened for the student yet ('Release': a date, or a number of days after
--   their enrollment; calendar_chapter_opens_at) is locked until then.
-- A completed lesson is never locked: the tutor may turn the order rule on (or move lessons, or set a release
-- date) after students have completed lessons, and what they completed, with the code they passed, stays theirs to
-- open. The one definition of the rules, read by the outline, the progress write, and the exercises and quizzes
-- before grading alike. p_at is the caller's clock (the app's), so the outline and the writes agree on "now".
CREATE FUNCTION "public"."learning_course_locks"(p_student uuid, p_course uuid, p_at timestamp with time zone DEFAULT now())
RETURNS TABLE (lesson_id uuid, locked_by text, opens_at timestamp with time zone)
LANGUAGE sql STABLE AS $$
	WITH chapter_opens AS (
		-- Only a chapter with a release rule is asked when it opens: a course without one costs nothing more.
		SELECT ch.id, ch.position,
			CASE WHEN ch.release_at IS NOT NULL OR ch.release_after_days IS NOT NULL
				THEN calendar_chapter_opens_at(p_student, ch.id) END AS opens_at
		FROM chapters ch
		WHERE ch.course_id = p_course
	), ordered AS (
		SELECT l.id, l.title, c.lessons_in_order, coalesce(lp.status = 'completed', false) AS done,
			CASE WHEN co.opens_at > p_at THEN co.opens_at END AS opens_at,
			row_number() OVER (ORDER BY co.position, co.id, l.position, l.id) AS n
		FROM courses c
		JOIN chapter_opens co ON true
		JOIN lessons l ON l.chapter_id = co.id
		LEFT JOIN lesson_progress lp ON lp.lesson_id = l.id AND lp.student_id = p_student
		WHERE c.id = p_course AND (c.lessons_in_order OR co.opens_at > p_at)
	), first_open AS (
		SELECT o.n, o.title FROM ordered o WHERE o.lessons_in_order AND NOT o.done ORDER BY o.n LIMIT 1
	)
	SELECT o.id, f.title, o.opens_at
	FROM ordered o
	LEFT JOIN first_open f ON o.n > f.n
	WHERE NOT o.done AND (f.n IS NOT NULL OR o.opens_at IS NOT NULL)
$$;

-- Why this lesson is locked for the student at p_at (learning_course_locks): the title of the lesson to complete
-- first, and the moment its chapter opens; both null when it is open.
CREATE FUNCTION "public"."learning_lesson_lock"(p_student uuid, p_lesson uuid, p_at timestamp with time zone DEFAULT now(),
	OUT locked_by text, OUT opens_at timestamp with time zone)
LANGUAGE sql STABLE AS $$
	SELECT k.locked_by, k.opens_at
	FROM lessons l
	JOIN chapters ch ON ch.id = l.chapter_id
	CROSS JOIN LATERAL learning_course_locks(p_student, ch.course_id, p_at) k
	WHERE l.id = p_lesson AND k.lesson_id = p_lesson
$$;

-- Whether a lesson's video asks to be watched before the lesson is completed by its button: the
-- course's watch share, for a video or mixed lesson without checks (exercises or a quiz prove the
-- work there) whose player reports its playback (YouTube, Vimeo, a video file), unless the student's
-- player reported that it could not play the video (decision 030). Answers the share in percent
-- still to be reached, or null when nothing is missing.
CREATE FUNCTION "public"."learning_lesson_watch_missing"(p_student uuid, p_lesson uuid) RETURNS integer
LANGUAGE sql STABLE AS $$
	SELECT c.video_watch_share
	FROM lessons l
	JOIN chapters ch ON ch.id = l.chapter_id
	JOIN courses c ON c.id = ch.course_id
	LEFT JOIN video_progress v ON v.lesson_id = l.id AND v.student_id = p_student
	WHERE l.id = p_lesson
	AND c.video_watch_share IS NOT NULL
	AND l.lesson_type IN ('VIDEO', 'MIXED')
	AND (l.video_url LIKE 'https://www.youtube-nocookie.com/embed/%' OR l.video_url LIKE 'https://player.vimeo.com/video/%'
		OR l.video_url ~* '\.(mp4|webm|ogg)([?#]|$)')
	AND NOT EXISTS (SELECT 1 FROM exercises x WHERE x.lesson_id = l.id)
	AND NOT EXISTS (SELECT 1 FROM quizzes q WHERE q.lesson_id = l.id)
	AND NOT coalesce(v.duration_seconds > 0 AND v.watched_seconds >= v.duration_seconds * c.video_watch_share / 100.0 - 1, false)
	AND v.unplayable_at IS NULL
$$;

-- Records a student's progress on a lesson in one call (one round trip for the whole transaction):
--   p_status 'in_progress': opening a lesson starts it; never downgrades a completed one.
--   p_status 'completed': completes it, once.
-- Answers access: 'lesson_not_found', learning_course_access's answer for the lesson's course,
-- 'not_released' for a lesson of a chapter not open yet (detail: the moment it opens, ISO in UTC), 'locked' for a
-- lesson an earlier one locks (detail: that lesson's title), and for a completion
-- 'checks_not_passed' when the lesson's checks are not all passed or 'video_not_watched' when its
-- video is not watched enough (detail: the share in percent); only with 'ok' is anything written,
-- and then it answers the course's lesson count, the completed lessons before and after, the
-- lesson's status after, and whether this call completed the course (learning_completion_outcome's
-- answer; always false for an opening). The admin's preview writes nothing and does not call it.
CREATE FUNCTION "public"."learning_record_progress"(p_student uuid, p_lesson uuid, p_status progress_status, p_at timestamp with time zone)
RETURNS TABLE (access text, total integer, completed_before integer, completed_after integer, lesson_status text, detail text,
	course_just_completed boolean)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	n integer;
	v_course uuid;
	v_blocker text;
	v_opens_at timestamp with time zone;
	v_share integer;
BEGIN
	SELECT ch.course_id INTO v_course FROM lessons l JOIN chapters ch ON ch.id = l.chapter_id WHERE l.id = p_lesson;
	IF NOT FOUND THEN
		RETURN QUERY SELECT 'lesson_not_found'::text, 0, 0, 0, NULL::text, NULL::text, false;
		RETURN;
	END IF;
	-- One progress write per student and course at a time (the enrolment's row lock), so "just
	-- completed" is told exactly once. Every later statement of this volatile function reads a fresh
	-- snapshot, taken after the lock.
	PERFORM 1 FROM enrollments e WHERE e.student_id = p_student AND e.course_id = v_course FOR UPDATE;
	access := learning_course_access(p_student, v_course);
	IF access <> 'ok' THEN
		RETURN QUERY SELECT access, 0, 0, 0, NULL::text, NULL::text, false;
		RETURN;
	END IF;
	SELECT k.locked_by, k.opens_at INTO v_blocker, v_opens_at FROM learning_lesson_lock(p_student, p_lesson, p_at) k;
	IF v_opens_at IS NOT NULL THEN
		RETURN QUERY SELECT 'not_released'::text, 0, 0, 0, NULL::text,
			to_char(v_opens_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), false;
		RETURN;
	END IF;
	IF v_blocker IS NOT NULL THEN
		RETURN QUERY SELECT 'locked'::text, 0, 0, 0, NULL::text, v_blocker, false;
		RETURN;
	END IF;
	IF p_status = 'completed' AND NOT learning_lesson_checks_passed(p_student, p_lesson) THEN
		-- The detail says which kinds of check the lesson has, so the refusal can name them.
		RETURN QUERY SELECT 'checks_not_passed'::text, 0, 0, 0, NULL::text,
			concat_ws('+',
				CASE WHEN EXISTS (SELECT 1 FROM exercises x WHERE x.lesson_id = p_lesson) THEN 'exercises' END,
				CASE WHEN EXISTS (SELECT 1 FROM quizzes q WHERE q.lesson_id = p_lesson) THEN 'quiz' END), false;
		RETURN;
	END IF;
	IF p_status = 'completed' THEN
		v_share := learning_lesson_watch_missing(p_student, p_lesson);
		IF v_share IS NOT NULL THEN
			RETURN QUERY SELECT 'video_not_watched'::text, 0, 0, 0, NULL::text, v_share::text, false;
			RETURN;
		END IF;
	END IF;
	course_just_completed := false;
	IF p_status = 'in_progress' THEN
		SELECT c.total, c.completed INTO total, completed_before FROM learning_course_counts(p_student, v_course) c;
		INSERT INTO lesson_progress (student_id, lesson_id, status, created_at, updated_at)
		VALUES (p_student, p_lesson, 'in_progress', p_at, p_at)
		ON CONFLICT (student_id, lesson_id) DO NOTHING;
		GET DIAGNOSTICS n = ROW_COUNT;
		completed_after := completed_before;
		IF n > 0 THEN
			lesson_status := 'in_progress';
		ELSE
			SELECT lp.status::text INTO lesson_status FROM lesson_progress lp WHERE lp.student_id = p_student AND lp.lesson_id = p_lesson;
			lesson_status := coalesce(lesson_status, 'not_started');
		END IF;
	ELSE
		-- The counts and "just completed" are asked before the write, under the lock: the write adds a
		-- row only when the lesson was not completed yet, which is the one more the answer counts.
		SELECT o.total, o.completed_before, o.completed_after, o.course_just_completed
		INTO total, completed_before, completed_after, course_just_completed
		FROM learning_completion_outcome(p_student, p_lesson, NULL) o;
		INSERT INTO lesson_progress (student_id, lesson_id, status, completed_at, created_at, updated_at)
		VALUES (p_student, p_lesson, 'completed', p_at, p_at, p_at)
		ON CONFLICT (student_id, lesson_id) DO UPDATE
			SET status = 'completed', completed_at = excluded.completed_at, updated_at = excluded.updated_at
			WHERE lesson_progress.status <> 'completed';
		lesson_status := 'completed';
	END IF;
	-- The certificate's rule is certificates_issue_if_complete's (certificates.sql); it is asked only
	-- when these counts say the course is done, which spares every other write a second count.
	IF completed_after >= total THEN
		PERFORM certificates_issue_if_complete(p_student, v_course, p_at);
	END IF;
	RETURN NEXT;
END
$$;

-- After one of a lesson's checks was passed (an exercise, the quiz): when every check of the lesson
-- is now passed, completes it through the progress write above. Answers whether the lesson is
-- complete now, and whether this call completed the course. A student who lost access meanwhile
-- (unenrolled, course unpublished) gets nothing written. The grading worker and the quiz service call
-- it in the transaction that stores the passing result.
-- The grading workers' database role may touch no progress, enrollment or certificate, so this one
-- function runs with its owner's rights (SECURITY DEFINER), on a fixed search path so that a caller's
-- own objects cannot stand in for the app's, and only the roles granted it may call it
-- (src/server/platform/db/roles.ts grants the grading role).
CREATE FUNCTION "public"."learning_complete_if_checks_passed"(p_student uuid, p_lesson uuid, p_at timestamp with time zone,
	OUT lesson_completed boolean, OUT course_just_completed boolean)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
	r record;
BEGIN
	lesson_completed := false;
	course_just_completed := false;
	IF NOT learning_lesson_checks_passed(p_student, p_lesson) THEN
		RETURN;
	END IF;
	SELECT * INTO r FROM learning_record_progress(p_student, p_lesson, 'completed', p_at);
	IF r.access = 'ok' THEN
		lesson_completed := true;
		course_just_completed := r.course_just_completed;
	END IF;
END
$$;
REVOKE EXECUTE ON FUNCTION "public"."learning_complete_if_checks_passed"(uuid, uuid, timestamp with time zone) FROM PUBLIC;
