import { ROLE_FAMILIAR } from "@convive/domain/core";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/QueryState.tsx";
import { SetupFirst } from "../../../components/SetupFirst.tsx";
import { useCurrentUser } from "../../auth/index.ts";
import { useRatingOptions } from "../api/ratings.ts";
import { FamilyRatingsView } from "../components/FamilyRatingsView.tsx";
import { StaffRatings } from "../components/StaffRatings.tsx";

/**
 * /ratings (module-scorings, issue 13 §2): staff rate conduct and habits per group and period; a family reads
 * their children's published ratings.
 */
export default function RatingsPage() {
  useTranslation("ratings");
  const user = useCurrentUser();
  const family = user.data?.roles?.[0]?.name === ROLE_FAMILIAR;
  if (!user.data) return <QueryState query={user} />;
  const canConfigure = user.data.permissionsModules?.includes("module-master-configuration") ?? false;
  return family ? <FamilyRatingsView /> : <StaffOptions canConfigure={canConfigure} />;
}

function StaffOptions({ canConfigure }: { canConfigure: boolean }) {
  const options = useRatingOptions();
  if (!options.data) return <QueryState query={options} height={420} />;
  // A school not set up yet (issue 26 §4) shows where set-up starts, not an empty grid: no periods at all, or no
  // groups for whoever sees every group (a teacher without groups of their own keeps the grid's own message).
  if (options.data.periods.length === 0 || (canConfigure && options.data.groups.length === 0)) {
    return <SetupFirst screen="ratings" canConfigure={canConfigure} />;
  }
  return <StaffRatings options={options.data} />;
}
