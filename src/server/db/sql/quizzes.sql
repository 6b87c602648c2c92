-- Quizzes in the database: what a passed attempt does to the lesson.
-- The quiz service grades an attempt, inserts it and calls this in the same transaction, so a
-- lesson whose last check was just passed is completed (and a course certified) exactly once, by
-- the same progress write Mark Complete uses (learning.sql), with its lock, counts and certificate.
-- This file is the current state, applied at start after the table migrations (src/server/db/sql-files.ts).

-- After a student's attempt passed: when every check of the lesson (its exercises and its quiz) is
-- now passed, completes the lesson. Answers whether the lesson is complete now, and whether this
-- call completed the course. A student who lost access meanwhile gets nothing written.
CREATE FUNCTION "public"."quiz_record_pass"(p_student uuid, p_quiz uuid, p_at timestamp with time zone,
	OUT lesson_completed boolean, OUT course_just_completed boolean)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	v_lesson uuid;
	r record;
BEGIN
	lesson_completed := false;
	course_just_completed := false;
	SELECT q.lesson_id INTO v_lesson FROM quizzes q WHERE q.id = p_quiz;
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
