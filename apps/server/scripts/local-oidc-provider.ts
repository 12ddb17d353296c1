/**
 * A real OpenID Connect provider on this machine (oidc-provider, issue 32): what `npm run dev:oidc` runs beside the
 * app and what the tests sign in through — discovery, the authorization endpoint with PKCE, the token endpoint, signed
 * ID tokens, userinfo. Its sign-in page lists its accounts; choosing one signs in as that account (a password is the
 * provider's business, not Convive's). Development and tests only: throwaway keys, accounts from the caller.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export interface LocalAccount {
  /** The provider's subject: also what the sign-in page's button sends. */
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  /** A Microsoft-style tenant claim. */
  tid?: string;
}

export interface LocalClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  /** Seconds this client's ID tokens live (default: the provider's `idTokenSeconds`). */
  id_token_seconds?: number;
}

export interface LocalProviderOptions {
  /** 0: any free port. */
  port?: number;
  host?: string;
  clients: LocalClient[];
  accounts: LocalAccount[];
  /** Seconds an ID token lives (default 60, so a clock out of step shows soon). */
  idTokenSeconds?: number;
}

export interface LocalProvider {
  issuer: string;
  server: Server;
  close: () => Promise<void>;
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title>` +
  `<style>body{font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}button{display:block;width:100%;margin:.4rem 0;padding:.7rem;font-size:1rem}</style>` +
  `</head><body><main><h1>${title}</h1>${body}</main></body></html>`;
const htmlText = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

export async function startLocalProvider(options: LocalProviderOptions): Promise<LocalProvider> {
  const host = options.host ?? "127.0.0.1";
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`;
  const accounts = new Map(options.accounts.map((a) => [a.sub, a]));
  const idTokenSeconds = new Map(
    options.clients.flatMap((c) => (c.id_token_seconds ? [[c.client_id, c.id_token_seconds] as const] : [])),
  );

  const provider = new Provider(issuer, {
    clients: options.clients.map(({ id_token_seconds: _ttl, ...c }) => ({
      ...c,
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_post",
    })),
    async findAccount(_ctx: unknown, sub: string) {
      const account = accounts.get(sub);
      return account && { accountId: sub, claims: async () => ({ ...account }) };
    },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "tid"] },
    // Like Google and Microsoft: the e-mail is in the ID token itself.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: {
      IdToken: (_ctx: unknown, _token: unknown, client: { clientId: string }) =>
        idTokenSeconds.get(client.clientId) ?? options.idTokenSeconds ?? 60,
      AccessToken: 300,
      AuthorizationCode: 60,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: ["local-provider-only"] },
  });
  const handle = provider.callback();

  server.on("request", async (req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/interaction\/([\w-]+)(\/login|\/abort)?$/.exec(req.url ?? "");
    if (!match) return handle(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (req.method === "GET") {
        const buttons = [...accounts.values()]
          .map(
            (a) =>
              `<form method="post" action="/interaction/${details.uid}/login"><input type="hidden" name="account" value="${htmlText(a.sub)}">` +
              `<button type="submit">${htmlText(a.name)} (${htmlText(a.email)})</button></form>`,
          )
          .join("");
        const cancel = `<form method="post" action="/interaction/${details.uid}/abort"><button type="submit">Cancel</button></form>`;
        res.setHeader("content-type", "text/html; charset=utf-8");
        return res.end(page("Local identity provider", `<p>Sign in as:</p>${buttons}${cancel}`));
      }
      if (match[2] === "/abort") {
        return provider.interactionFinished(req, res, { error: "access_denied", error_description: "cancelled" });
      }
      const accountId = (await formBody(req)).get("account") ?? "";
      if (!accounts.has(accountId)) {
        res.statusCode = 400;
        return res.end("unknown account");
      }
      const grant = new provider.Grant({ accountId, clientId: details.params.client_id ?? "" });
      grant.addOIDCScope(details.params.scope ?? "openid");
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    } catch (error) {
      res.statusCode = 400;
      res.end(String(error));
    }
  });

  return {
    issuer,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
