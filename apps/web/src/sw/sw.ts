/// <reference lib="webworker" />
/**
 * Convive's service worker (issue 32 §3–4): the app opens without a connection, and a new deploy never breaks a
 * page that is open.
 *
 * - **What it keeps**: the files of this version's offline set (the build lists them into `__WB_MANIFEST`: the
 *   page, the app's start, the signed-in shell, the registration screen and every translation — see
 *   apps/web/scripts/first-load.ts), fetched at install; and every other hashed file the app loads later, as it is
 *   loaded. Hashed files never change, so they are served from the cache first. No answer of the API is kept here:
 *   the data the registration screen needs offline lives in IndexedDB under its owner (lib/offline/).
 * - **Pages** go to the network first (with navigation preload, so the worker adds no wait) and fall back to this
 *   version's copy of the page when there is no answer — at once offline, after NETWORK_WAIT_MS on a signal too
 *   weak to answer.
 * - **Updates**: a new version installs beside the running one and waits (no skipWaiting at install) until the
 *   person chooses to load it (the page sends SKIP_WAITING) or every page of the old one is closed. The files of
 *   the previous version stay for a while, so a page of it still open can load the screens it has not opened yet.
 */
// A module, so that `self` below is this worker's scope rather than the window's.
export {};

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

const MANIFEST = self.__WB_MANIFEST;
const PAGE = "/index.html";
/** One name per version: the revisions of its files, hashed. */
const VERSION = hash(MANIFEST.map((e) => `${e.url}@${e.revision ?? ""}`).join("|"));
const SHELL = `convive-shell-${VERSION}`;
const ASSETS = "convive-assets";
const SHELL_PREFIX = "convive-shell-";
/** What this version fetched at install, kept in its shell cache: older versions' lists say what they need. */
const FILES = "/__convive-sw/files";
/** A file no kept version lists and nobody fetched for this long is dropped. */
const UNUSED_MS = 14 * 24 * 3600 * 1000;
const NETWORK_WAIT_MS = 5_000;
/** Paths the page never loads through this worker: the API, uploads, the socket, the manifest and icons. */
const NEVER =
  /^\/(api|uploads|private-uploads|socket\.io|sanctum|login|logout|manifest\.webmanifest|app-icons|health)(\/|$)/;

function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

const pathOf = (url: string) => new URL(url, self.location.origin).pathname;
const isAsset = (path: string) => path.startsWith("/assets/");
const files = MANIFEST.map((e) => pathOf(e.url));
const shellFiles = new Set(files.filter((p) => !isAsset(p)));

async function fetchInto(cache: Cache, path: string, key = path) {
  const response = await fetch(new Request(path, { cache: "no-cache", credentials: "same-origin" }));
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  await cache.put(key, response);
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const [assets, shell] = await Promise.all([caches.open(ASSETS), caches.open(SHELL)]);
      // Hashed files another version already fetched are not fetched again: an update downloads what changed.
      const missing: string[] = [];
      for (const path of files) if (isAsset(path) && !(await assets.match(path))) missing.push(path);
      const queue = [...missing];
      const worker = async () => {
        for (let path = queue.shift(); path; path = queue.shift()) await fetchInto(assets, path);
      };
      // Two at a time: the page keeps the other connections of the browser's six for its own calls.
      await Promise.all([worker(), worker()]);
      for (const path of shellFiles) await fetchInto(shell, path);
      if (!shellFiles.has(PAGE)) await fetchInto(shell, "/", PAGE);
      await shell.put(FILES, new Response(JSON.stringify(files), { headers: { "content-type": "application/json" } }));
    })(),
  );
});

self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      await self.registration.navigationPreload?.enable();
      // Keep this version's shell and the one before it (its pages may still be open); drop older ones.
      const shells = (await caches.keys()).filter((k) => k.startsWith(SHELL_PREFIX) && k !== SHELL);
      const previous = shells.at(-1);
      const kept = new Set(files);
      for (const name of shells) {
        if (name === previous) {
          const list = await (await caches.open(name)).match(FILES);
          for (const path of list ? ((await list.json()) as string[]) : []) kept.add(path);
        } else await caches.delete(name);
      }
      const assets = await caches.open(ASSETS);
      const now = Date.now();
      for (const request of await assets.keys()) {
        const path = pathOf(request.url);
        if (kept.has(path)) continue;
        const response = await assets.match(request);
        const fetchedAt = Date.parse(response?.headers.get("date") ?? "");
        if (!(fetchedAt > now - UNUSED_MS)) await assets.delete(request);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NEVER.test(url.pathname)) return;
  if (request.mode === "navigate") {
    event.respondWith(page(event));
    return;
  }
  if (isAsset(url.pathname)) event.respondWith(cacheFirst(ASSETS, request, url.pathname));
  else if (shellFiles.has(url.pathname)) event.respondWith(cacheFirst(SHELL, request, url.pathname));
});

/** The network's page (preloaded while the worker started); this version's copy when no answer comes. */
async function page(event: FetchEvent): Promise<Response> {
  const network = (async () => {
    const preloaded = (await event.preloadResponse) as Response | undefined;
    return preloaded ?? (await fetch(event.request));
  })();
  // Answered from the copy meanwhile: a late failure of the network is expected, not an error to report.
  network.catch(() => undefined);
  const kept = async () => (await caches.open(SHELL)).match(PAGE);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<"slow">((resolve) => {
    timer = setTimeout(() => resolve("slow"), NETWORK_WAIT_MS);
  });
  try {
    const first = await Promise.race([network, slow]);
    if (first !== "slow") return first;
    return (await kept()) ?? (await network);
  } catch (error) {
    const copy = await kept();
    if (copy) return copy;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

async function cacheFirst(name: string, request: Request, path: string): Promise<Response> {
  const cache = await caches.open(name);
  const hit = await cache.match(path);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") await cache.put(path, response.clone());
  return response;
}
