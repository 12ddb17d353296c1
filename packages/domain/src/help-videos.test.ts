import { describe, expect, it } from "vitest";
import { helpVideoSource } from "./help-videos.ts";

describe("helpVideoSource", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=4", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://www.youtube.com/shorts/dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871"],
    ["https://player.vimeo.com/video/76979871?h=1", "https://player.vimeo.com/video/76979871"],
  ])("plays %s in the provider's embedded player", (link, src) => {
    expect(helpVideoSource(link)).toEqual({ kind: "embed", src });
  });

  it("plays any other link as a file, naming its origin for the policy check", () => {
    expect(helpVideoSource("https://videos.convive.mx/ayuda/registro.mp4")).toEqual({
      kind: "file",
      src: "https://videos.convive.mx/ayuda/registro.mp4",
      origin: "https://videos.convive.mx",
    });
    // A YouTube page that is no video (a channel) is not embedded.
    expect(helpVideoSource("https://www.youtube.com/@convive")?.kind).toBe("file");
  });

  it.each(["javascript:alert(1)", "data:video/mp4;base64,AAAA", "no es url"])("refuses %s", (link) => {
    expect(helpVideoSource(link)).toBeNull();
  });
});
