-- Learning in the database: who may work in a course, a course's counts, and the progress write.
-- The progress write lives here because its lock, its counts, the write itself and the certificate
-- must hold together in one transaction when a student's requests race (two tabs completing the
-- last lesson get one certificate and one "just completed"); the access rule lives here so that
-- this write and the reads of src/server/modules/learning/learning.service.ts share one definition
-- (docs/decisions/018-current-state-sql.md).
-- This file is the current state, applied at start after the table migrations (src/server/db/sql-files.ts).

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

-- Whether the student has passed every check of a lesson: each of its exercises has a graded
-- submission that passed. A lesson without checks has passed them all, so Mark Complete is enough
-- there; with checks, passing them is what completes the lesson (practice.sql calls the progress
-- write when the last one passes), and a bare Mark Complete is refused.
CREATE FUNCTION "public"."learning_lesson_checks_passed"(p_student uuid, p_lesson uuid) RETURNS boolean
LANGUAGE sql STABLE AS $$
	SELECT NOT EXISTS (
		SELECT 1 FROM exercises x
		WHERE x.lesson_id = p_lesson
		AND NOT EXISTS (
			SELECT 1 FROM exercise_submissions s
			WHERE s.exercise_id = x.id AND s.user_id = p_student AND s.purpose = 'submit' AND NOT s.preview AND s.verdict = 'passed'
		)
	)
$$;

-- Records a student's progress on a lesson in one call (one round trip for the whole transaction):
--   p_status 'in_progress': opening a lesson starts it; never downgrades a completed one.
--   p_status 'completed': completes it, once.
-- Answers access: 'lesson_not_found', learning_course_access's answer for the lesson's course, or
-- 'checks_not_passed' for a completion of a lesson whose checks are not all passed; only with 'ok'
-- is anything written, and then it answers the course's lesson count, the completed
-- lessons before and after, and the lesson's status after. The admin's preview writes nothing and
-- does not call it.
CREATE FUNCTION "public"."learning_record_progress"(p_student uuid, p_lesson uuid, p_status progress_status, p_at timestamp with time zone)
RETURNS TABLE (access text, total integer, completed_before integer, completed_after integer, lesson_status text)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	n integer;
	v_course uuid;
BEGIN
	SELECT ch.course_id INTO v_course FROM lessons l JOIN chapters ch ON ch.id = l.chapter_id WHERE l.id = p_lesson;
	IF NOT FOUND THEN
		RETURN QUERY SELECT 'lesson_not_found'::text, 0, 0, 0, NULL::text;
		RETURN;
	END IF;
	-- One progress write per student and course at a time (the enrolment's row lock), so "just
	-- completed" is told exactly once. Every later statement of this volatile function reads a fresh
	-- snapshot, taken after the lock.
	PERFORM 1 FROM enrollments e WHERE e.student_id = p_student AND e.course_id = v_course FOR UPDATE;
	access := learning_course_access(p_student, v_course);
	IF access <> 'ok' THEN
		RETURN QUERY SELECT access, 0, 0, 0, NULL::text;
		RETURN;
	END IF;
	IF p_status = 'completed' AND NOT learning_lesson_checks_passed(p_student, p_lesson) THEN
		RETURN QUERY SELECT 'checks_not_passed'::text, 0, 0, 0, NULL::text;
		RETURN;
	END IF;
	SELECT c.total, c.completed INTO total, completed_before FROM learning_course_counts(p_student, v_course) c;
	IF p_status = 'in_progress' THEN
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
		-- A row is written only when the lesson was not completed yet: then it is one more.
		INSERT INTO lesson_progress (student_id, lesson_id, status, completed_at, created_at, updated_at)
		VALUES (p_student, p_lesson, 'completed', p_at, p_at, p_at)
		ON CONFLICT (student_id, lesson_id) DO UPDATE
			SET status = 'completed', completed_at = excluded.completed_at, updated_at = excluded.updated_at
			WHERE lesson_progress.status <> 'completed';
		GET DIAGNOSTICS n = ROW_COUNT;
		completed_after := completed_before + n;
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
