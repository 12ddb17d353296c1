import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Active or inactive; a user's label agrees in gender with "usuario", a school's with "escuela". */
export function StatusBadge({ active, of = "school" }: { active: boolean; of?: "school" | "user" }) {
  const { t } = useTranslation("admin");
  const suffix = of === "user" ? "User" : "";
  return (
    <Badge
      variant="light"
      color={active ? "teal" : "gray"}
      c={active ? "#056b4d" : "gray.8"}
      size="sm"
      style={{ flexShrink: 0 }}
    >
      {t(active ? `status.active${suffix}` : `status.inactive${suffix}`)}
    </Badge>
  );
}
