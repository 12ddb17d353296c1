/** The host schools hang under: this page's host without a leading "www." (`<slug>.<host>`, spec §3). */
export const platformHost = () => window.location.host.replace(/^www\./, "");

/** A slug suggested from a school's name: "Colegio Andés" → "colegio-andes". */
export const slugFromName = (name: string) =>
  name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 63)
    .replace(/-+$/, "");
