import { byText, perm } from "@convive/domain";
import type { Tenant } from "../../plugins/access.ts";

const AREA = "master-configuration-incident-configurator";

/** Spec §6: the incidents and observations configurators open with read or update of the area. */
export const CONFIG_READ = [perm(AREA, "read"), perm(AREA, "update")] as const;
/** Every change to the catalogue (create, edit, delete) is an update of the configurator. */
export const CONFIG_WRITE = [perm(AREA, "update")] as const;

/**
 * Who may list the catalogue: the configurators, plus whoever registers, reads or searches incidents and
 * observations (their screens offer the categories and types as choices and filters).
 */
export const CATALOGUE_READERS = [
  ...CONFIG_READ,
  perm("incidents", "create"),
  perm("incidents", "read"),
  perm("incidents", "search"),
  perm("accompaniment-observations", "create"),
  perm("accompaniment-observations", "read"),
] as const;

export const isConfigurator = (tenant: Tenant) => CONFIG_READ.some((p) => tenant.grants.has(p));

/** Deactivated entries are shown only to a configurator who asks for them; everyone else picks from active ones. */
export const activeOnly = (tenant: Tenant, includeInactive: boolean) => !(includeInactive && isConfigurator(tenant));

/** Spanish order for names ("Académica" before "Conducta"), which a byte-order ORDER BY does not give. */
export const byName = byText("es", (row: { nameEs: string }) => row.nameEs);
