// The forms module's public surface (issue 29 §1, §2): the plugin, and the reminder sweep and mail job the tests and
// benchmarks run themselves.
export { formsModule } from "./forms.module.ts";
// Issue 31 §2: the open forms a user sent, handed over by user reassignment (app.ts's workHandovers).
export { formsHandover } from "./handover.ts";
export { createReminderSweep, REMINDER_QUEUE } from "./reminders.job.ts";
export { pendingFormsReport } from "./scheduled-reports.ts";
export { createFormSending, FORM_MAIL_QUEUE } from "./send.service.ts";
