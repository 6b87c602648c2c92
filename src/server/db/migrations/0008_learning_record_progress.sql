-- Recording a lesson's progress in one statement (src/server/modules/learning/learning.service.ts):
-- the transaction that was BEGIN, lock, counts, write, certificate, COMMIT — six round trips —
-- runs here in one call. Every statement of this (volatile) function reads a fresh snapshot, so the
-- counts are read after the enrolment's lock, as they were.
--   p_status 'in_progress': opening a lesson starts it; never downgrades a completed one.
--   p_status 'completed': completes it, once.
-- Returns enrolled = false (and writes nothing) when the student is not enrolled in the course;
-- otherwise the course's lesson count, the completed lessons before and after, and the lesson's
-- status after. A certificate is issued when every lesson is completed.
CREATE FUNCTION "public"."learning_record_progress"(p_student uuid, p_lesson uuid, p_course uuid, p_status progress_status, p_at timestamp with time zone)
RETURNS TABLE (enrolled boolean, total integer, completed_before integer, completed_after integer, lesson_status text)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	st text;
	n integer;
BEGIN
	-- One progress write per student and course at a time, so "just completed" is told exactly once.
	PERFORM 1 FROM enrollments e WHERE e.student_id = p_student AND e.course_id = p_course FOR UPDATE;
	IF NOT FOUND THEN
		RETURN QUERY SELECT false, 0, 0, 0, NULL::text;
		RETURN;
	END IF;
	SELECT count(l.id)::int, count(lp.id) FILTER (WHERE lp.status = 'completed')::int, max(lp.status::text) FILTER (WHERE l.id = p_lesson)
	INTO total, completed_before, st
	FROM chapters ch
	JOIN lessons l ON l.chapter_id = ch.id
	LEFT JOIN lesson_progress lp ON lp.lesson_id = l.id AND lp.student_id = p_student
	WHERE ch.course_id = p_course;
	IF p_status = 'in_progress' THEN
		INSERT INTO lesson_progress (student_id, lesson_id, status, created_at, updated_at)
		VALUES (p_student, p_lesson, 'in_progress', p_at, p_at)
		ON CONFLICT (student_id, lesson_id) DO NOTHING;
		GET DIAGNOSTICS n = ROW_COUNT;
		completed_after := completed_before;
		lesson_status := CASE WHEN n > 0 THEN 'in_progress' ELSE coalesce(st, 'not_started') END;
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
	IF total > 0 AND completed_after >= total THEN
		INSERT INTO certificates (student_id, course_id, issued_at) VALUES (p_student, p_course, p_at)
		ON CONFLICT (student_id, course_id) DO NOTHING;
	END IF;
	enrolled := true;
	RETURN NEXT;
END
$$;
