/**
 * The family copy feature's public surface (issue 30 §3, §4): nothing yet for other features — its "My data" tab
 * in the student's file is registered by file from app/student-file-tabs.ts.
 */
export {};
