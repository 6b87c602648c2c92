/** The built-in test students: two approved, one pending. Never created in production. */
export const TEST_STUDENTS = [
  { email: 'alice.student@example.com', firstName: 'Alice', lastName: 'Johnson', approvalStatus: 'approved' },
  { email: 'bob.student@example.com', firstName: 'Bob', lastName: 'Smith', approvalStatus: 'approved' },
  { email: 'carol.pending@example.com', firstName: 'Carol', lastName: 'Davis', approvalStatus: 'pending' },
] as const;

export const isTestStudent = (email: string) => TEST_STUDENTS.some((s) => s.email === email);
