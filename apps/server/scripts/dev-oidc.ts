/**
 * `npm run dev:oidc`: a local OpenID Connect provider for trying "sign in with the school's provider" (issue 32)
 * against the demo (README, "Sign-in with a school's identity provider"). Options (all optional):
 *   --port 3100                 where it listens (issuer http://127.0.0.1:<port>)
 *   --app http://localhost:3000 the app's PUBLIC_URL: the callback registered for each school is on its subdomain
 *   --schools colegio-demo      schools (comma-separated) whose callback the client accepts
 *   --config file.json          { clients, accounts } instead of the demo's (the tests use it)
 *   --clock-offset=-120        seconds this provider's clock is off (a provider whose clock is out of step)
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { type LocalAccount, type LocalClient, startLocalProvider } from "./local-oidc-provider.ts";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "3100" },
    app: { type: "string", default: "http://localhost:3000" },
    schools: { type: "string", default: "colegio-demo" },
    config: { type: "string" },
    "clock-offset": { type: "string", default: "0" },
  },
});

const offset = Number(values["clock-offset"]) * 1000;
if (offset) {
  // This process is the provider alone: its clock, and only its, runs off by the offset.
  const real = Date.now;
  Date.now = () => real() + offset;
}

const callbackOf = (school: string) => {
  const url = new URL(values.app);
  url.hostname = `${school}.${url.hostname === "127.0.0.1" ? "localhost" : url.hostname}`;
  url.pathname = "/api/auth/oidc/callback";
  return url.href;
};

const demo: { clients: LocalClient[]; accounts: LocalAccount[] } = {
  clients: [
    {
      client_id: "convive-dev",
      client_secret: "convive-dev-secret",
      redirect_uris: values.schools.split(",").map((s) => callbackOf(s.trim())),
    },
  ],
  accounts: [
    { sub: "docente", email: "docente@convive.test", email_verified: true, name: "Laura Méndez (Docente)" },
    { sub: "director", email: "director@convive.test", email_verified: true, name: "Mariana Robles (Director)" },
    { sub: "familia", email: "familia@convive.test", email_verified: true, name: "Gabriela Torres (Familiar)" },
    { sub: "unverified", email: "docente@convive.test", email_verified: false, name: "Unverified e-mail" },
    { sub: "stranger", email: "nadie@convive.test", email_verified: true, name: "Not a member" },
    { sub: "norte", email: "norte@convive.test", email_verified: true, name: "Patricia Garza (another school)" },
  ],
};
const setup = values.config ? JSON.parse(readFileSync(values.config, "utf8")) : demo;

const provider = await startLocalProvider({ port: Number(values.port), ...setup });
console.log(`OIDC provider ready at ${provider.issuer}`);
if (!values.config) {
  console.log(
    [
      `Configure it as root (Schools → the school's "Identity provider"):`,
      `  issuer ${provider.issuer}, client id convive-dev, client secret convive-dev-secret`,
      `  (the app needs SECRETS_KEY and OIDC_ALLOW_HTTP_ISSUERS=true; see README)`,
      `Then open ${new URL(callbackOf(values.schools.split(",")[0]!.trim())).origin}/ and choose the provider's button.`,
    ].join("\n"),
  );
}
const stop = () => void provider.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
