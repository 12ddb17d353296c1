import type { ChildNews, Language } from "@convive/domain";
import type { Tx } from "../db/client.ts";
import type { Tenant } from "../plugins/access.ts";

/** Who is reading (the incidents' Viewer has this shape): the school, the member and their language. */
export interface FileReader {
  tenant: Tenant;
  userId: number;
  language?: Language;
}

/**
 * A part of the student's file that a module adds (issue 12 §1): the file lists the sections it was given, in
 * their order, and knows none of them by name. A later module (points, ratings, messages, inclusion, nursing)
 * adds one more section here and one tab on the web; nothing in the file changes.
 */
export interface StudentFileSection {
  key: string;
  /** Where its tab goes among the others (lower first). */
  order: number;
  /**
   * The figure on the section's tab: how many of the student's records the viewer may read in it (the points
   * section: the student's balance), or null when the section is not for this viewer at all (no permission): the
   * file then leaves its tab out.
   */
  count(tx: Tx, viewer: FileReader, studentId: number): Promise<number | null>;
  /** The latest news of these students the viewer may read, newest first, for a family's landing page. */
  news?(tx: Tx, viewer: FileReader, studentIds: readonly number[], perStudent: number): Promise<StudentNews[]>;
}

export interface StudentNews extends ChildNews {
  studentId: number;
}
