import {
  IconBell,
  IconChartLine,
  IconClipboardText,
  IconClockPlay,
  IconFileCertificate,
  IconFilePencil,
  IconFolder,
  IconHeartHandshake,
  IconSchool,
  IconSettings,
  IconStar,
  IconTarget,
  IconUserPlus,
  IconVideo,
} from "@tabler/icons-react";
import type { MenuIcon } from "./menu.ts";

export const MENU_ICONS: Record<MenuIcon, typeof IconBell> = {
  register: IconFilePencil,
  strategicVision: IconTarget,
  archive: IconFolder,
  ratings: IconStar,
  notifications: IconBell,
  scorecard: IconFileCertificate,
  formsParents: IconClipboardText,
  masterConfiguration: IconSettings,
  incidentGraph: IconChartLine,
  support: IconHeartHandshake,
  schools: IconSchool,
  createUsers: IconUserPlus,
  createHelpVideos: IconVideo,
  jobs: IconClockPlay,
};
