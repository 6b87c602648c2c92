-- Practice in the database: what a passed submission does to the lesson.
-- The grading worker saves a result and calls this in the same transaction, so a lesson whose last
-- exercise was just passed is completed (and a course certified) exactly once, by the same
-- progress write Mark Complete uses (learning.sql), with its lock, counts and certificate.
-- This file is the current state, applied at start after the table migrations (src/server/db/sql-files.ts).

-- After a student's submission passed: when every check of the lesson is now passed, completes the
-- lesson. Answers whether the lesson is complete now, and whether this call completed the course.
-- A student who lost access meanwhile (unenrolled, course unpublished) gets nothing written.
CREATE FUNCTION "public"."practice_record_pass"(p_student uuid, p_exercise uuid, p_at timestamp with time zone,
	OUT lesson_completed boolean, OUT course_just_completed boolean)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	v_lesson uuid;
	r record;
BEGIN
	lesson_completed := false;
	course_just_completed := false;
	SELECT x.lesson_id INTO v_lesson FROM exercises x WHERE x.id = p_exercise;
	IF NOT FOUND OR NOT learning_lesson_checks_passed(p_student, v_lesson) THEN
		RETURN;
	END IF;
	SELECT * INTO r FROM learning_record_progress(p_student, v_lesson, 'completed', p_at);
	IF r.access = 'ok' THEN
		lesson_completed := true;
		course_just_completed := r.total > 0 AND r.completed_before < r.total AND r.completed_after >= r.total;
	END IF;
END
$$;
