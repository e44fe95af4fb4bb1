-- Two more lesson kinds: a quiz (questions the server grades) and an assignment (work handed in
-- and reviewed by the teacher). Every pending migration runs in one transaction, and PostgreSQL
-- refuses a new enum value in the transaction that added it: later migrations compare
-- "kind"::text with 'quiz' or 'assignment', never the enum itself.
ALTER TYPE "public"."lesson_kind" ADD VALUE 'quiz';--> statement-breakpoint
ALTER TYPE "public"."lesson_kind" ADD VALUE 'assignment';