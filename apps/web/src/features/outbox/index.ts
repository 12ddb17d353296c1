// The outbox feature's public surface: the unsent list card (master configuration and the platform administration).
export { UnsentEmailsCard } from "./UnsentEmailsCard.tsx";
