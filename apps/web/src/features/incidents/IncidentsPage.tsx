import { lazy, Suspense } from "react";
import { useSearchParams } from "react-router";
import { ScreenLoader } from "../../components/ScreenLoader.tsx";
import { ArchiveScreen } from "./archive/ArchiveScreen.tsx";
import { parseDetailsId } from "./archive/url.ts";

const IncidentDetails = lazy(() => import("./details/IncidentDetails.tsx"));

/**
 * /archive and /incident-details (spec §2, "Archivo"): with `?id=N` the details of that incident, otherwise the
 * archive. The archive's filters stay in the URL, so the back button returns to the same list.
 */
export default function IncidentsPage() {
  const [params] = useSearchParams();
  const id = parseDetailsId(params);
  if (id !== null) {
    return (
      <Suspense fallback={<ScreenLoader />}>
        <IncidentDetails key={id} id={id} />
      </Suspense>
    );
  }
  return <ArchiveScreen />;
}
