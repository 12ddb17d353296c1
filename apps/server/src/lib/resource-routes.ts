import { type Action, type Area, DeletedResponse, envelope, IdParam, perm } from "@convive/domain";
import type { FastifyContextConfig, FastifyInstance, FastifyRequest, FastifySchema, HTTPMethods } from "fastify";
import { z } from "zod";
import { AUTH_ERRORS, errorResponses } from "./http.ts";

/**
 * The shape almost every school route has — an access rule, tags, a description, a zod schema in and an envelope
 * out, the tenant handed to a service — written once. Routes that differ (a 202, a file, a cookie) stay hand-written.
 */
export type CrudAction = "create" | "read" | "update" | "delete";
type Tenant = NonNullable<FastifyRequest["tenant"]>;
type Schema = z.ZodType;
type Out<S> = S extends Schema ? z.output<S> : undefined;

/** The rule of a school route guarded by an area of the permission matrix: any of `actions` on `area` lets in. */
export const areaAccess =
  (area: Area) =>
  (...actions: Action[]) =>
    ({ access: "school", permissions: actions.map((action) => perm(area, action)) }) as const;

/** Statuses a write can answer besides the authentication ones: 409 for conflicts and rules of state. */
export const WRITE_ERRORS = { ...AUTH_ERRORS, ...errorResponses(409) };
const Deleted = envelope(DeletedResponse);

export interface RouteOptions<P, Q, B> {
  /** The access rule; by default the resource's rule for the verb's action. */
  config?: FastifyContextConfig;
  description?: string;
  params?: P;
  query?: Q;
  body?: B;
}

interface Call<P, Q, B> {
  tenant: Tenant;
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  request: FastifyRequest;
}

/** The envelope `{ data: { [key]: item } }` (or a list of items) as the response schema. */
export const keyed = (key: string, item: Schema) => envelope(z.object({ [key]: item }));
export const keyedList = (key: string, item: Schema) => envelope(z.object({ [key]: z.array(item) }));
/** A page of a searchable list: the items under `key` with the total and the page asked for. */
export const pagedList = (key: string, item: Schema) =>
  envelope(z.object({ [key]: z.array(item), total: z.number(), page: z.number(), per_page: z.number() }));

/** What a plain resource's service offers; `crud` registers a route for each method given. */
export interface CrudService<Q extends Schema | undefined, C extends Schema | undefined, U extends Schema | undefined> {
  list?(tenant: Tenant, query: Out<Q>): Promise<unknown[]>;
  create?(tenant: Tenant, body: Out<C>): Promise<unknown>;
  update?(tenant: Tenant, id: number, body: Out<U>): Promise<unknown>;
  remove?(tenant: Tenant, id: number): Promise<{ id: number }>;
}

/** A plain resource: `one` and `many` name the envelope keys, `docs` the OpenAPI description of each verb. */
export interface CrudSpec<Q, C, U> {
  one: string;
  many: string;
  item: Schema;
  query?: Q;
  create?: C;
  update?: U;
  docs?: Partial<Record<"list" | "create" | "update" | "remove", string>>;
}

export function resourceRoutes(app: FastifyInstance, resource: { tags: string[]; access: (a: CrudAction) => object }) {
  const { tags, access } = resource;

  /** Registers one route; `run` gets the tenant and the parsed input and returns what goes under `data`. */
  function route<P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined>(
    method: HTTPMethods,
    url: string,
    status: 200 | 201,
    response: Schema,
    options: RouteOptions<P, Q, B> & { action: CrudAction },
    run: (call: Call<P, Q, B>) => Promise<unknown>,
  ) {
    const { action, config, description, params, query, body } = options;
    const schema: FastifySchema = {
      tags,
      ...(description ? { description } : {}),
      ...(params ? { params } : {}),
      ...(query ? { querystring: query } : {}),
      ...(body ? { body } : {}),
      response: { [status]: response, ...(action === "read" ? AUTH_ERRORS : WRITE_ERRORS) },
    };
    app.route({
      method,
      url,
      // Every POST it builds takes an Idempotency-Key (plugins/idempotency.ts) unless its config says otherwise.
      config: {
        ...(method === "POST" ? { idempotency: "keyed" } : {}),
        ...(config ?? access(action)),
      } as FastifyContextConfig,
      schema,
      handler: async (request, reply) => {
        const data = await run({
          tenant: request.tenant!,
          params: request.params as Out<P>,
          query: request.query as Out<Q>,
          body: request.body as Out<B>,
          request,
        });
        return reply.status(status).send({ data });
      },
    });
  }

  return {
    route,
    /** GET path, POST path, PATCH path/:id, DELETE path/:id for what the service offers. */
    crud<Q extends Schema | undefined, C extends Schema | undefined, U extends Schema | undefined>(
      url: string,
      spec: CrudSpec<Q, C, U>,
      service: CrudService<Q, C, U>,
    ) {
      const { one, many, item, query, docs = {} } = spec;
      const { list, create, update, remove } = service;
      if (list) {
        route("GET", url, 200, keyedList(many, item), { action: "read", query, description: docs.list }, async (c) => ({
          [many]: await list(c.tenant, c.query),
        }));
      }
      if (create && spec.create) {
        const options = { action: "create" as const, body: spec.create, description: docs.create };
        route("POST", url, 201, keyed(one, item), options, async (c) => ({ [one]: await create(c.tenant, c.body) }));
      }
      if (update && spec.update) {
        const options = { action: "update" as const, params: IdParam, body: spec.update, description: docs.update };
        route("PATCH", `${url}/:id`, 200, keyed(one, item), options, async (c) => ({
          [one]: await update(c.tenant, c.params.id, c.body),
        }));
      }
      if (remove) {
        const options = { action: "delete" as const, params: IdParam, description: docs.remove };
        route("DELETE", `${url}/:id`, 200, Deleted, options, (c) => remove(c.tenant, c.params.id));
      }
    },
    /** GET path → `{ data: { [key]: item[] } }`. */
    list<Q extends Schema | undefined = undefined, P extends Schema | undefined = undefined>(
      url: string,
      [key, item]: readonly [string, Schema],
      options: RouteOptions<P, Q, undefined>,
      run: (call: Call<P, Q, undefined>) => Promise<unknown[]>,
    ) {
      route("GET", url, 200, keyedList(key, item), { ...options, action: "read" }, async (c) => ({
        [key]: await run(c),
      }));
    },
    /** GET path (a searchable list) → `{ data: { [key]: item[], total, page, per_page } }`. */
    page<Q extends Schema>(
      url: string,
      [key, item]: readonly [string, Schema],
      options: RouteOptions<undefined, Q, undefined> & { query: Q },
      run: (call: Call<undefined, Q, undefined>) => Promise<unknown>,
    ) {
      route("GET", url, 200, pagedList(key, item), { ...options, action: "read" }, run);
    },
    /** GET path/:id → `{ data: { [key]: item } }`. */
    one<P extends Schema = typeof IdParam>(
      url: string,
      [key, item]: readonly [string, Schema],
      options: RouteOptions<P, undefined, undefined>,
      run: (call: Call<P, undefined, undefined>) => Promise<unknown>,
    ) {
      const params = options.params ?? (IdParam as unknown as P);
      route("GET", url, 200, keyed(key, item), { ...options, params, action: "read" }, async (c) => ({
        [key]: await run(c),
      }));
    },
    /** Any other verb on one item (close, resend, activate…) → `{ data: { [key]: item } }` under `action`'s rule. */
    act<P extends Schema | undefined = typeof IdParam, B extends Schema | undefined = undefined>(
      method: "POST" | "PUT" | "PATCH",
      url: string,
      [key, item]: readonly [string, Schema],
      options: RouteOptions<P, undefined, B> & { action: CrudAction },
      run: (call: Call<P, undefined, B>) => Promise<unknown>,
    ) {
      const params = options.params ?? (IdParam as unknown as P);
      route(method, url, 200, keyed(key, item), { ...options, params }, async (c) => ({ [key]: await run(c) }));
    },
    /** POST path → 201 `{ data: { [key]: item } }`. */
    create<B extends Schema, P extends Schema | undefined = undefined>(
      url: string,
      [key, item]: readonly [string, Schema],
      options: RouteOptions<P, undefined, B> & { body: B },
      run: (call: Call<P, undefined, B>) => Promise<unknown>,
    ) {
      route("POST", url, 201, keyed(key, item), { ...options, action: "create" }, async (c) => ({
        [key]: await run(c),
      }));
    },
    /** PATCH path/:id → `{ data: { [key]: item } }`. */
    update<B extends Schema, P extends Schema = typeof IdParam>(
      url: string,
      [key, item]: readonly [string, Schema],
      options: RouteOptions<P, undefined, B> & { body: B },
      run: (call: Call<P, undefined, B>) => Promise<unknown>,
    ) {
      const params = options.params ?? (IdParam as unknown as P);
      route("PATCH", url, 200, keyed(key, item), { ...options, params, action: "update" }, async (c) => ({
        [key]: await run(c),
      }));
    },
    /** DELETE path/:id → `{ data: { id } }`. */
    remove<P extends Schema = typeof IdParam>(
      url: string,
      options: RouteOptions<P, undefined, undefined>,
      run: (call: Call<P, undefined, undefined>) => Promise<{ id: number }>,
    ) {
      const params = options.params ?? (IdParam as unknown as P);
      route("DELETE", url, 200, Deleted, { ...options, params, action: "delete" }, run);
    },
  };
}
