/**
 * How a help video plays, and from where. YouTube and Vimeo links play in the provider's embedded player (an
 * iframe from one of HELP_VIDEO_EMBED_ORIGINS, the only frames the Content-Security-Policy allows); any other
 * link is a video file played by the <video> element, allowed only from the origins the server is configured with.
 */
export const HELP_VIDEO_EMBED_ORIGINS = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"] as const;

export type HelpVideoSource = { kind: "embed"; src: string } | { kind: "file"; src: string; origin: string };

interface Link {
  origin: string;
  host: string;
  path: string;
  query: string;
}

/** The parts of an http(s) link (no URL global here: the domain package runs without DOM or Node types). */
function parse(link: string): Link | null {
  const match = /^(https?):\/\/([a-z0-9.-]+)(:\d+)?([^?#\s]*)(\?[^#\s]*)?(#\S*)?$/i.exec(link.trim());
  if (!match) return null;
  const host = match[2]!.toLowerCase();
  return {
    origin: `${match[1]!.toLowerCase()}://${host}${match[3] ?? ""}`,
    host,
    path: match[4] || "/",
    query: match[5] ?? "",
  };
}

const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);
const YOUTUBE_ID = /^[\w-]{11}$/;

function youtubeId(link: Link): string | null {
  if (link.host === "youtu.be") return link.path.split("/")[1] ?? null;
  if (!YOUTUBE_HOSTS.has(link.host)) return null;
  if (link.path === "/watch") return /[?&]v=([^&]*)/.exec(link.query)?.[1] ?? null;
  const [, kind, id] = link.path.split("/");
  return kind === "embed" || kind === "shorts" || kind === "live" ? (id ?? null) : null;
}

function vimeoId(link: Link): string | null {
  if (link.host === "player.vimeo.com") return /^\/video\/(\d+)/.exec(link.path)?.[1] ?? null;
  if (link.host !== "vimeo.com" && link.host !== "www.vimeo.com") return null;
  return /^\/(\d+)(?:\/|$)/.exec(link.path)?.[1] ?? null;
}

/** The player for a help video's link; null when it is not an http(s) URL at all. */
export function helpVideoSource(link: string): HelpVideoSource | null {
  const parsed = parse(link);
  if (!parsed) return null;
  const youtube = youtubeId(parsed);
  if (youtube && YOUTUBE_ID.test(youtube)) {
    return { kind: "embed", src: `${HELP_VIDEO_EMBED_ORIGINS[0]}/embed/${youtube}` };
  }
  const vimeo = vimeoId(parsed);
  if (vimeo) return { kind: "embed", src: `${HELP_VIDEO_EMBED_ORIGINS[1]}/video/${vimeo}` };
  return { kind: "file", src: link.trim(), origin: parsed.origin };
}
