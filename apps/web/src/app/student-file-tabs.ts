// Which modules add a tab to the student's file on this build (issue 12 §1). The file itself knows none of them:
// a new module (points, ratings, messages, inclusion, nursing) adds its register call here.
import { registerConsentFileTab } from "../features/consent/student-file/register.ts";
import { registerExternalSupportFileTab } from "../features/external-support/student-file/register.ts";
import { registerFamilyCopyFileTab } from "../features/family-copy/student-file/register.ts";
import { registerIncidentsFileTabs } from "../features/incidents/student-file/register.ts";
import { registerInclusionFileTab } from "../features/inclusion/student-file/register.ts";
import { registerMessagesFileTab } from "../features/messages/student-file/register.ts";
import { registerNursingFileTab } from "../features/nursing/student-file/register.ts";
import { registerPointsFileTab } from "../features/points/student-file/register.ts";
import { registerReadLogFileTab } from "../features/read-log/student-file/register.ts";

registerIncidentsFileTabs();
registerPointsFileTab();
registerMessagesFileTab();
registerExternalSupportFileTab();
registerInclusionFileTab();
registerNursingFileTab();
registerConsentFileTab();
registerFamilyCopyFileTab();
registerReadLogFileTab();
