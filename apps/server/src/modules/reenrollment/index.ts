// The re-enrollment module's public surface (issue 31 §1): the plugin, and its queues for whoever runs or watches them.
export { reenrollmentModule } from "./reenrollment.module.ts";
export {
  APPLY_QUEUE as REENROLLMENT_APPLY_QUEUE,
  FINALIZE_QUEUE as REENROLLMENT_FINALIZE_QUEUE,
} from "./reenrollment.service.ts";
