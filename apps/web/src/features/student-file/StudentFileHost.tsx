import { lazy, Suspense } from "react";
import { useLocation, useNavigate } from "react-router";
import { studentInSearch, withStudentFile } from "./link.ts";

// The file and its tabs load only when a file is first opened: no screen pays for them up front.
const StudentFileDrawer = lazy(() => import("./StudentFileDrawer.tsx"));

/** Opens the student's file over any screen of the layout when the address names one (`?student=<id>`). */
export function StudentFileHost() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const studentId = studentInSearch(search);
  if (studentId === null) return null;
  return (
    <Suspense fallback={null}>
      <StudentFileDrawer studentId={studentId} onClose={() => void navigate(withStudentFile(pathname, search, null))} />
    </Suspense>
  );
}
