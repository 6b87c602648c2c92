-- Certificates in the database: their issue. It lives here because it must happen in the same
-- transaction as the progress write that completes a course, under that write's lock on the
-- enrollment, so a course completed by two requests at once gets one certificate, told once
-- (docs/decisions/018-current-state-sql.md). Everything else about certificates (reading,
-- rendering, verifying, revoking) is in src/server/domains/learning (certificates.service.ts).
-- This file is the current state, applied at start after the table migrations (src/server/db/sql-files.ts).

-- Issues the student's certificate of the course, dated p_at, when every lesson of the course is
-- completed (as learning_course_counts in learning.sql counts them; a course without lessons has
-- none). A certificate already there is kept as it is, revoked or not. Returns whether the student
-- holds one now.
CREATE FUNCTION "public"."certificates_issue_if_complete"(p_student uuid, p_course uuid, p_at timestamp with time zone) RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	v_total integer;
	v_completed integer;
BEGIN
	SELECT c.total, c.completed INTO v_total, v_completed FROM learning_course_counts(p_student, p_course) c;
	IF v_total > 0 AND v_completed >= v_total THEN
		INSERT INTO certificates (student_id, course_id, issued_at) VALUES (p_student, p_course, p_at)
		ON CONFLICT (student_id, course_id) DO NOTHING;
	END IF;
	RETURN EXISTS (SELECT 1 FROM certificates ce WHERE ce.student_id = p_student AND ce.course_id = p_course);
END
$$;
