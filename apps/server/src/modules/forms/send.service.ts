import { addDays, type Language, type SendFormBody } from "@convive/domain";
import type { Config } from "../../config/config.ts";
import type { Db, Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { familyReadersOf } from "../../lib/family-reader.ts";
import type { JobRunner } from "../../lib/jobs.ts";
import { schoolLink } from "../../lib/links.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { schoolToday } from "../external-support/index.ts";
import { myGroupIds, type Viewer } from "../incidents/index.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { renderNotification } from "../notifications/index.ts";
import { currentYear } from "../school-years/index.ts";
import { schoolWide } from "./access.ts";
import * as repo from "./forms.repository.ts";
import { definitionOf, templateById } from "./templates.service.ts";

/** Writes the families' e-mails after the answer: a form to a thousand families answers at once. */
export const FORM_MAIL_QUEUE = "form-mail";
export const formLink = (id: number) => `/forms-parents?form=${id}`;

export type MailKind = "sent" | "reminder";
export interface MailJob {
  schoolId: string;
  formId: number;
  kind: MailKind;
  userIds?: number[];
}

const TYPE: Record<MailKind, string> = { sent: "form.received", reminder: "form.reminder" };

export interface SendDeps {
  db: Db;
  config: Config;
  jobs: JobRunner;
  mailer: Mailer;
  notifications: NotificationsService;
}

/**
 * Tells families about a form in `tx`: the in-app notification (one statement for all) and the e-mails' job, which
 * writes them to the outbox in each reader's language. Call `publish` after the commit.
 */
export async function tellFamilies(
  deps: SendDeps,
  tx: Tx,
  schoolId: string,
  formId: number,
  kind: MailKind,
  userIds: number[],
) {
  const facts = await repo.mailFacts(tx, schoolId, formId);
  const notified = await deps.notifications.notify(tx, {
    schoolId,
    userIds,
    type: TYPE[kind],
    params: { title: facts?.name ?? "", title_en: facts?.name_en ?? "", due: facts?.due_date ?? "" },
    link: formLink(formId),
  });
  if (userIds.length > 0) {
    await deps.jobs.send(FORM_MAIL_QUEUE, { schoolId, formId, kind, ...(kind === "sent" ? {} : { userIds }) }, { tx });
  }
  return notified.publish;
}

/**
 * Sending a form (issue 29 §2): a version of an active template to groups, grades or chosen students of the current
 * year, with a due date from today on. The version is snapshotted (form_versions), one pending row per student is
 * written in one statement, the families are notified in the same transaction and their e-mails queued.
 */
export function createFormSending(deps: SendDeps) {
  const { db } = deps;

  async function send(viewer: Viewer, body: SendFormBody): Promise<number> {
    const { schoolId } = viewer.tenant;
    const wide = schoolWide(viewer.tenant);
    const mine = wide ? null : await myGroupIds(db, schoolId, viewer.userId);
    // A teacher sends to the groups she heads or teaches and to their students, never to a whole grade.
    if (mine && (body.audience.grade_ids.length > 0 || body.audience.group_ids.some((id) => !mine.includes(id)))) {
      throw new AppError("FORBIDDEN");
    }
    const template = await templateById(db, schoolId, body.template_id);
    if (!template?.active) throw new AppError("FORM_TEMPLATE_INACTIVE");
    const today = await schoolToday(db, schoolId);
    if (body.due_date < today) throw new AppError("FORM_DUE_DATE_PAST");
    const year = await currentYear(db, schoolId);
    if (!year) throw new AppError("FORM_NO_RECIPIENTS");
    const chosen = [...new Set(body.audience.student_ids)];
    if ((await repo.reachableStudents(db, schoolId, year.id, chosen, mine)).length !== chosen.length) {
      throw new AppError("NOT_FOUND");
    }
    // A reminder stage already passed when sent: the sending itself is that notice.
    const remindedStage = body.due_date <= today ? 2 : body.due_date <= addDays(today, 2) ? 1 : 0;
    const { formId, publish } = await db.transaction(async (tx) => {
      const versionId = await repo.versionFor(tx, schoolId, template.id, template.version, definitionOf(template));
      const formId = await repo.insertForm(tx, schoolId, {
        templateId: template.id,
        versionId,
        audience: { ...body.audience, student_ids: chosen },
        dueDate: body.due_date,
        sentBy: viewer.userId,
        remindedStage,
      });
      const students = await repo.insertResponses(tx, schoolId, formId, year.id, body.audience, mine);
      if (students.length === 0) throw new AppError("FORM_NO_RECIPIENTS");
      const families = await repo.familiesOf(tx, schoolId, formId, { missingOnly: false, scope: { kind: "school" } });
      const publish = await tellFamilies(deps, tx, schoolId, formId, "sent", families);
      return { formId, publish };
    });
    publish();
    return formId;
  }

  /**
   * The mail job: one e-mail per family member in their language through the outbox (toFamily: quiet hours hold
   * it), the words passed through the family reader. A sent form's first mailing is claimed (mailed_at) in the job's
   * transaction, so a rerun writes nobody twice; a reminder's list comes in the job.
   */
  async function mail(data: MailJob) {
    const { schoolId, formId } = data;
    await db.transaction(async (tx) => {
      let userIds = data.userIds ?? [];
      if (data.kind === "sent") {
        if (!(await repo.claimMailing(tx, schoolId, formId))) return;
        userIds = await repo.familiesOf(tx, schoolId, formId, { missingOnly: false, scope: { kind: "school" } });
      }
      if (userIds.length === 0) return;
      const facts = await repo.mailFacts(tx, schoolId, formId);
      if (!facts) return;
      const boxes = await repo.mailboxes(tx, userIds);
      const readerOf = await familyReadersOf(tx, schoolId, userIds);
      const link = schoolLink(deps.config, schoolId, "/forms-parents", { form: String(formId) });
      const params = { title: facts.name, title_en: facts.name_en, due: facts.due_date };
      for (const box of boxes) {
        const language: Language = box.language === "en" ? "en" : "es";
        const reader = readerOf(box.id, language);
        const say = (value: string) => (reader ? reader.text(value) : value);
        const { title, body } = renderNotification(TYPE[data.kind], params, language, facts.time_zone);
        const text = [say(body), "", link, "", "Convive"].join("\n");
        // One after another: a transaction runs one statement at a time.
        await deps.mailer.send({ to: box.email, subject: say(title), text, schoolId, toFamily: true }, tx);
      }
    });
  }

  return { send, mail };
}

export type FormSending = ReturnType<typeof createFormSending>;
