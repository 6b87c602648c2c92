-- A code asked for by a browser that signed in before is bound to that browser: only a request
-- carrying the same signed cookie may try it, so strangers' wrong guesses neither void it nor
-- count toward the lock of the owner's usual browser. Null: any browser may try the code.
ALTER TABLE "verification_codes" ADD COLUMN "device_id" text;
