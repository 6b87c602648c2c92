-- A submission's stored result was not bounded before: a program that threw an error with a 20 MB message
-- stored all of it, and every page load of the exercise read it back. Gradings are now cut before they are
-- stored (src/grading/limits.ts); this cuts the rows stored before, the same way: every text of an oversized
-- row to its first 1024 characters with a note, at most 50 diagnostics, the compiler's output to 16 KB.
UPDATE "exercise_submissions" s
   SET "results" = (
         SELECT jsonb_agg(
                  (SELECT jsonb_object_agg(f.key, CASE
                            WHEN jsonb_typeof(f.value) = 'string' AND length(f.value #>> '{}') > 1024
                            THEN to_jsonb(left(f.value #>> '{}', 1024) || E'\n… (cut here: the results were too long to keep in full)')
                            ELSE f.value END)
                     FROM jsonb_each(e.test) f)
                  ORDER BY e.ord)
           FROM jsonb_array_elements(s."results") WITH ORDINALITY AS e(test, ord))
 WHERE jsonb_typeof(s."results") = 'array'
   AND jsonb_array_length(s."results") > 0
   AND octet_length(s."results"::text) > 262144;--> statement-breakpoint
UPDATE "exercise_submissions" s
   SET "diagnostics" = (
         SELECT jsonb_agg(
                  (SELECT jsonb_object_agg(f.key, CASE
                            WHEN jsonb_typeof(f.value) = 'string' AND length(f.value #>> '{}') > 500
                            THEN to_jsonb(left(f.value #>> '{}', 500) || E'\n… (cut here)')
                            ELSE f.value END)
                     FROM jsonb_each(e.diagnostic) f)
                  ORDER BY e.ord)
           FROM jsonb_array_elements(s."diagnostics") WITH ORDINALITY AS e(diagnostic, ord)
          WHERE e.ord <= 50)
 WHERE jsonb_typeof(s."diagnostics") = 'array'
   AND jsonb_array_length(s."diagnostics") > 0
   AND octet_length(s."diagnostics"::text) > 262144;--> statement-breakpoint
UPDATE "exercise_submissions"
   SET "compile_output" = left("compile_output", 16384) || E'\n… (cut here)'
 WHERE length("compile_output") > 16384;--> statement-breakpoint
UPDATE "exercise_submissions"
   SET "summary" = left("summary", 1024) || E'\n… (cut here)'
 WHERE length("summary") > 1024;
