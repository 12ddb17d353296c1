import { APP_ICON_SIZES, DEFAULT_INSTITUTIONAL_COLORS } from "@convive/domain";
import sharp from "sharp";

/**
 * Issue 32 §3: the installed app (a PWA) in the school's colours — its web app manifest and its icons, which are
 * Convive's mark (public/favicon.svg) drawn with the school's four institutional colours in the mark's order: the
 * tile, the arc, the left and the right dot.
 */

export type Colors = readonly [string, string, string, string];
export interface AppBranding {
  id: string | null;
  name: string;
  colors: Colors;
}

/** The icon sizes the manifest lists (Chromium installs from 192 and shows 512 on the splash screen). */
export const ICON_SIZES = APP_ICON_SIZES;
export type IconSize = (typeof ICON_SIZES)[number];

const HEX = /^#[0-9a-f]{6}$/i;

/** The school's colours, each replaced by Convive's own where the school's is not a plain #rrggbb. */
export function safeColors(colors: readonly (string | null | undefined)[]): Colors {
  const pick = (i: 0 | 1 | 2 | 3) => {
    const c = colors[i]?.trim();
    return c && HEX.test(c) ? c.toLowerCase() : DEFAULT_INSTITUTIONAL_COLORS[i];
  };
  return [pick(0), pick(1), pick(2), pick(3)];
}

/** A short tag of the colours: icon addresses change when the school changes its colours (no stale icon kept). */
export const colorsTag = (colors: Colors) => colors.map((c) => c.slice(1)).join("");

/**
 * The mark on a full-bleed tile: "maskable" icons are cropped to a circle or a squircle by the launcher, so the
 * drawing keeps inside the middle 80 % (the safe zone) and the tile has no rounded corners of its own.
 */
export function iconSvg(colors: Colors, size: number): string {
  const [tile, arc, left, right] = colors;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64"><rect width="64" height="64" fill="${tile}"/><g transform="translate(6.4 6.4) scale(0.8)"><path d="M20 34a12 12 0 0 1 24 0" stroke="${arc}" stroke-width="6" fill="none" stroke-linecap="round"/><circle cx="24" cy="24" r="5" fill="${left}"/><circle cx="40" cy="24" r="5" fill="${right}"/></g></svg>`;
}

/** Rendered icons, by colours and size: a school changes its colours rarely, and each render costs a few ms. */
const rendered = new Map<string, Promise<Buffer>>();
const MAX_RENDERED = 200;

export function iconPng(colors: Colors, size: IconSize): Promise<Buffer> {
  const key = `${colorsTag(colors)}:${size}`;
  let png = rendered.get(key);
  if (!png) {
    if (rendered.size >= MAX_RENDERED) rendered.delete(rendered.keys().next().value!);
    png = sharp(Buffer.from(iconSvg(colors, size)))
      .png()
      .toBuffer();
    png.catch(() => rendered.delete(key));
    rendered.set(key, png);
  }
  return png;
}

/** The manifest: opens on "/" (the guard sends each person to their landing view: a teacher to registration). */
export function appManifest(branding: AppBranding, language: "es" | "en") {
  const query = (size: number) =>
    `/app-icons/${size}.png?${branding.id ? `school=${encodeURIComponent(branding.id)}&` : ""}c=${colorsTag(branding.colors)}`;
  const register = language === "en" ? "Register incident" : "Registrar incidencia";
  return {
    id: branding.id ? `/?school=${branding.id}` : "/",
    name: branding.id ? `Convive · ${branding.name}` : "Convive",
    short_name: "Convive",
    lang: language,
    start_url: "/",
    scope: "/",
    display: "standalone",
    orientation: "any",
    background_color: "#f4f6fa",
    theme_color: branding.colors[0],
    icons: ICON_SIZES.flatMap((size) => [
      { src: query(size), sizes: `${size}x${size}`, type: "image/png", purpose: "any" },
      { src: query(size), sizes: `${size}x${size}`, type: "image/png", purpose: "maskable" },
    ]),
    shortcuts: [{ name: register, short_name: register, url: "/register" }],
  };
}
