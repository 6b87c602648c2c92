import { useParams } from 'react-router';
import { PageHeader } from '@web/components/page-header';
import { paths } from '@web/lib/paths';
import { useStudentAiConversations } from './api/ai-tutor-oversight';
import { AiTutorConversationsSection, AiTutorLimitsSection } from './components/student-ai-tutor';
import { StudentExtensionsSection } from './components/student-extensions';

/**
 * The tutor's page of one student: their extended deadlines per course ('Extend Deadline'), their
 * daily questions to the AI tutor per course (the course's limit and their own), and every
 * conversation they had with it, as it happened.
 */
export function StudentPage() {
  const { studentId = '' } = useParams();
  // The conversations carry the student's name: one request for the heading and the list.
  const conversations = useStudentAiConversations(studentId);
  const student = conversations.data?.student;
  return (
    <>
      <PageHeader
        title={student?.fullName ?? 'Student'}
        subtitle={student?.email ?? ' '}
        back={{ to: `${paths.admin.students}?tab=approved`, label: 'Back to Students' }}
      />
      <div className="flex flex-col gap-8">
        <StudentExtensionsSection studentId={studentId} />
        <AiTutorLimitsSection studentId={studentId} />
        <AiTutorConversationsSection studentId={studentId} />
      </div>
    </>
  );
}

export { StudentPage as Component };
