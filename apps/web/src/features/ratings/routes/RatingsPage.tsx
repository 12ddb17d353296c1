import { ROLE_FAMILIAR } from "@convive/domain/core";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/QueryState.tsx";
import { useCurrentUser } from "../../auth/api/current-user.ts";
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
  return family ? <FamilyRatingsView /> : <StaffOptions />;
}

function StaffOptions() {
  const options = useRatingOptions();
  if (!options.data) return <QueryState query={options} height={420} />;
  return <StaffRatings options={options.data} />;
}
