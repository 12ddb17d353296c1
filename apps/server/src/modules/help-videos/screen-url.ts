/** A screen URL compared without query, hash, trailing slash or case (help videos are stored by it). */
export const normaliseScreenUrl = (url: string) => {
  const path = url.split(/[?#]/)[0] ?? "";
  const trimmed = path.replace(/^https?:\/\/[^/]+/, "").replace(/\/+$/, "");
  return (trimmed.startsWith("/") ? trimmed : `/${trimmed}`).toLowerCase();
};
