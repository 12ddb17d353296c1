import { EventEmitter } from "node:events";
import { outsideRequest } from "../db/statement-timeout.ts";

/** What services announce and the realtime layer pushes. Kept in-process; Socket.IO's adapter crosses instances. */
export interface DomainEvents {
  "sessions.revoked": { userId: number; sessionIds: string[] };
  /** A refresh replaced a session's tokens: the old access token must stop working at once. */
  "sessions.rotated": { userId: number; sessionId: string };
  /** A bell count changed without a new notification (read, reset to 0). */
  "notifications.count": { schoolId: string; userId: number; count: number };
  /** One notification reached these members: each one's row id and new bell count, announced once per send. */
  "notifications.created": { schoolId: string; delivered: { userId: number; id: number; count: number }[] };
  /** A user's own fields changed (names, e-mail, language, avatar, active flag). */
  "users.changed": { userId: number };
  /** A school's information, active flag, profiles or permissions changed. */
  "schools.changed": { schoolId: string };
  /** A membership changed: profile, active flag, privacy acceptance, bell count. */
  "memberships.changed": { schoolId: string; userId: number };
  /**
   * A membership stopped granting access (deactivated in one school): the person's calls and sockets in that
   * school end now, their sessions and other schools are untouched.
   */
  "memberships.ended": { schoolId: string; userId: number };
  /**
   * A school's records changed outside a request of its own (an import's background job): what follows them (the
   * setup progress of issue 12 §2) looks again. Changes made by a request are seen after it without this event.
   */
  "school.records.changed": { schoolId: string };
  /** Incidents were registered or corrected about these students: the school's alert thresholds look again. */
  "incidents.recorded": {
    schoolId: string;
    studentIds: number[];
    /** A new incident (a correction leaves it out): inclusion tells the counsellors of monitored students (issue 28 §3). */
    incident?: { id: number; folio: number; recorderId: number };
  };
  /** Ratings of these students changed in a period (issue 13): the alert thresholds on ratings look again. */
  "ratings.changed": { schoolId: string; periodId: number; studentIds: number[] };
  /** The alert thresholds finished looking at one of those changes (alerts sent, or none due). */
  "alerts.checked": { schoolId: string; pending: number };
  /**
   * A push with no event of its own (issue 27: `messages:new`, `messages:unread`): each delivery's payload goes to
   * that member's sockets of the school under `event`. Announced after the change commits.
   */
  "user.push": { schoolId: string; event: string; deliveries: { userId: number; payload: unknown }[] };
}

export interface EventBus {
  emit<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): void;
  on<K extends keyof DomainEvents>(name: K, listener: (payload: DomainEvents[K]) => void): void;
}

export function createEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(50);
  return {
    // Listeners work after the request that announced the change (alerts, notices), so not under its time limit.
    emit: (name, payload) => outsideRequest(() => emitter.emit(name, payload)),
    on: (name, listener) => emitter.on(name, listener),
  };
}
