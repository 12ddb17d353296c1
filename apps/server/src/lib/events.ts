import { EventEmitter } from "node:events";

/** What services announce and the realtime layer pushes. Kept in-process; Socket.IO's adapter crosses instances. */
export interface DomainEvents {
  "sessions.revoked": { userId: number; sessionIds: string[] };
  "notifications.count": { schoolId: string; userId: number; count: number };
  "notifications.created": { schoolId: string; userId: number; id: number };
}

export interface EventBus {
  emit<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): void;
  on<K extends keyof DomainEvents>(name: K, listener: (payload: DomainEvents[K]) => void): void;
}

export function createEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(50);
  return {
    emit: (name, payload) => emitter.emit(name, payload),
    on: (name, listener) => emitter.on(name, listener),
  };
}
