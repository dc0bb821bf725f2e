import {
  authRoutes,
  DEMO_ACCOUNTS,
  routePath,
  routeQuery,
  type ErrorResponse,
  type RouteData,
  type RouteDef,
  type RouteInput,
} from '@tavola/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';

/**
 * A typed client for server tests: calls a contract route on a test app the way a browser would
 * (through `app.inject`), with the route's own types for its input and its answer.
 *
 *   const api = client(t.app);
 *   const res = await api.as('manager1').call(tableRoutes.closeTable, { params: { id }, body });
 *   expect(res.status).toBe(200);
 *   expect(res.data.status).toBe('available');
 *
 * A success is checked by the route's response schema, so an answer that drifts from the contract
 * fails the test that made the call, whatever it goes on to assert.
 */

/** What a call answers: the status, the JSON body, and the success's `data` (typed by the route). */
export interface CallResult<R extends RouteDef> {
  status: number;
  /** The JSON body as sent (the envelope), or undefined for an answer that is not JSON. */
  body: SuccessBody<R> | ErrorResponse | undefined;
  /** The success's `data`, checked by the route's response schema; reading it after a refusal throws. */
  data: RouteData<R>;
  /** A refusal's message (`error` of the envelope), undefined on success. */
  error: string | undefined;
  /** A refusal's machine code, undefined on success. */
  code: string | undefined;
  headers: LightMyRequestResponse['headers'];
  /** The raw answer (for a file's bytes, or anything the fields above leave out). */
  res: LightMyRequestResponse;
}

type SuccessBody<R extends RouteDef> = R['response'] extends z.ZodType
  ? z.output<R['response']>
  : unknown;

/** What a call adds: headers (an Idempotency-Key, a User-Agent), the caller's address. */
interface CallOptions {
  headers?: Record<string, string>;
  /** The client's IP address as the server sees it (for the per-address limits). */
  remoteAddress?: string;
}

/** A route without headers of its own still takes the call's (a User-Agent, an address). */
type CallInput<R extends RouteDef> = OptionalBody<
  R,
  R['headers'] extends z.ZodType ? RouteInput<R> : Omit<RouteInput<R>, 'headers'>
> &
  CallOptions;

/** A body the route may go without (`.nullish()`) may be left out, as a client sends none. */
type OptionalBody<R extends RouteDef, I> = R['body'] extends z.ZodType
  ? undefined extends z.input<R['body']>
    ? Omit<I, 'body'> & { body?: z.input<R['body']> }
    : I
  : I;

/** The input may be left out when the route takes no params and no body. */
type CallArgs<I> = object extends I ? [input?: I] : [input: I];

/** A guest's call: the table's token is added by the client, so the input leaves it out. */
type WithoutToken<T> = T extends object ? Omit<T, 'token'> : T;
type GuestPart<S, K extends string, Optional extends boolean> = S extends z.ZodType
  ? Optional extends true
    ? { [P in K]?: WithoutToken<z.input<S>> }
    : object extends WithoutToken<z.input<S>>
      ? { [P in K]?: WithoutToken<z.input<S>> }
      : { [P in K]: WithoutToken<z.input<S>> }
  : { [P in K]?: undefined };
type GuestInput<R extends RouteDef> = GuestPart<R['params'], 'params', false> &
  GuestPart<R['query'], 'query', true> &
  GuestPart<R['body'], 'body', false> &
  CallOptions;

/** Calls as one caller: anonymous, a bearer token, or a table's guest. */
export interface Caller {
  call<R extends RouteDef>(route: R, ...args: CallArgs<CallInput<R>>): Promise<CallResult<R>>;
  /**
   * A call whose input is not checked against the route's types: for tests that send what the
   * route must refuse (a wrong type, a missing field). The answer is typed and checked as usual.
   */
  send<R extends RouteDef>(
    route: R,
    input: { params?: object; query?: object; body?: unknown } & CallOptions,
  ): Promise<CallResult<R>>;
}

export interface GuestCaller {
  call<R extends RouteDef>(route: R, ...args: CallArgs<GuestInput<R>>): Promise<CallResult<R>>;
}

export interface Client extends Caller {
  /**
   * Calls as a signed-in account: a demo username (`manager1`, `team1`…, signed in once through
   * the real login route and remembered) or a bearer token.
   */
  as(who: string): Caller;
  /** Calls as a guest at the table of this QR token (the token goes where the route takes it). */
  guest(tableToken: string): GuestCaller;
  /** Signs in through the login route and answers the bearer token (a new session each time). */
  signIn(username: string, password?: string): Promise<string>;
  /** The remembered token of a demo username, signing in first when there is none yet. */
  tokenOf(username: string): Promise<string>;
}

const DEMO_PASSWORDS: ReadonlyMap<string, string> = new Map(
  DEMO_ACCOUNTS.map((a) => [a.username, a.password]),
);

/** A typed client on a test app. `accounts` adds usernames `as` may sign in (besides the demo's). */
export function client(
  app: FastifyInstance,
  options: { accounts?: Readonly<Record<string, string>> } = {},
): Client {
  const passwords = new Map([...DEMO_PASSWORDS, ...Object.entries(options.accounts ?? {})]);
  const tokens = new Map<string, Promise<string>>();

  const signIn = async (username: string, password = passwords.get(username)) => {
    if (password === undefined) throw new Error(`no password known for ${username}`);
    const res = await request(app, authRoutes.login, { body: { username, password } });
    if (res.status !== 200 || !('token' in res.data)) {
      throw new Error(`sign-in as ${username} failed (${res.status}): ${res.res.body}`);
    }
    return res.data.token;
  };
  const tokenOf = (username: string) => {
    let token = tokens.get(username);
    if (!token) {
      token = signIn(username);
      // A failed sign-in is not remembered: the next call tries again.
      token.catch(() => tokens.delete(username));
      tokens.set(username, token);
    }
    return token;
  };

  const caller = (bearer: () => Promise<string | undefined>): Caller => ({
    call: async (route, ...args) => request(app, route, args[0] ?? {}, await bearer()),
    send: async (route, input) => request(app, route, input, await bearer()),
  });

  return {
    ...caller(async () => undefined),
    as: (who) => caller(async () => (passwords.has(who) ? tokenOf(who) : who)),
    guest: (tableToken) => ({
      call: (route, ...args) =>
        request(app, route, withTableToken(route, args[0] ?? {}, tableToken)),
    }),
    signIn,
    tokenOf,
  };
}

interface LooseInput extends CallOptions {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

/** The guest's token goes into the query or the body, whichever of them the route reads it from. */
function withTableToken(route: RouteDef, input: LooseInput, tableToken: string): LooseInput {
  if (takesToken(route.query))
    return { ...input, query: { ...(input.query as object | undefined), token: tableToken } };
  if (takesToken(route.body)) {
    return { ...input, body: { ...(input.body as object | undefined), token: tableToken } };
  }
  throw new Error(`${route.operationId} takes no table token`);
}

function takesToken(schema: z.ZodType | undefined): boolean {
  return schema instanceof z.ZodObject && 'token' in schema.shape;
}

async function request<R extends RouteDef>(
  app: FastifyInstance,
  route: R,
  input: LooseInput,
  bearer?: string,
): Promise<CallResult<R>> {
  const url =
    routePath(route.path, input.params as Record<string, string> | undefined) +
    routeQuery(input.query as Record<string, string> | undefined);
  const res = await app.inject({
    method: route.method,
    url,
    headers: {
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      ...input.headers,
    },
    ...(input.body !== undefined ? { payload: input.body as object } : {}),
    ...(input.remoteAddress ? { remoteAddress: input.remoteAddress } : {}),
  });
  return answerOf(route, res);
}

/**
 * Reads a raw answer of a route as the client reads its own calls: for the tests that must send
 * what the client cannot (a malformed body, a raw webhook, a burst past a limit) and still check
 * the answer by the route's contract.
 */
export function answerOf<R extends RouteDef>(route: R, res: LightMyRequestResponse): CallResult<R> {
  const body = bodyOf<CallResult<R>['body']>(res);
  const ok = res.statusCode >= 200 && res.statusCode < 300;
  let data: unknown;
  // A route that answers a file for some queries (a report as CSV or PDF) declares its media
  // types: such an answer is checked by its content type, the JSON ones by the schema.
  const file = body === undefined && isFileOf(route, res);
  if (ok && route.response && !file) {
    const parsed = route.response.safeParse(body);
    if (!parsed.success) {
      throw new Error(
        `${route.operationId} answered ${res.statusCode} with a body its contract refuses: ${z.prettifyError(parsed.error)}\n${res.body}`,
      );
    }
    // What the server sent, once the schema accepts it: tests compare the answer itself.
    data = (body as { data?: unknown } | undefined)?.data;
  }
  const refusal = !ok && body && typeof body === 'object' && 'error' in body ? body : undefined;
  return {
    status: res.statusCode,
    body,
    get data(): RouteData<R> {
      if (!ok) {
        throw new Error(
          `${route.operationId} answered ${res.statusCode}, not a success: ${res.body}`,
        );
      }
      return data as RouteData<R>;
    },
    error: refusal?.error,
    code: refusal?.code,
    headers: res.headers,
    res,
  };
}

function isFileOf(route: RouteDef, res: LightMyRequestResponse): boolean {
  const type = String(res.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
  return route.produces?.includes(type) ?? false;
}

/**
 * The JSON body of an answer that belongs to no route (a path the contract does not declare, a
 * refusal before routing): the envelope's fields, typed, or undefined when the answer is not JSON.
 */
export function bodyOf<T = Envelope>(res: LightMyRequestResponse): T | undefined {
  const isJson = String(res.headers['content-type'] ?? '').includes('application/json');
  return isJson ? res.json<T>() : undefined;
}

/** Either side of the envelope, for reading an answer whose route is not known. */
export interface Envelope {
  success: boolean;
  data?: unknown;
  error?: string;
  code?: string;
  params?: ErrorResponse['params'];
}

/**
 * The success `data` of a real HTTP answer (fetch, against a server process the test started),
 * checked by the route's response schema as the client checks its own calls.
 */
export async function fetchedData<R extends RouteDef>(
  route: R,
  res: Response,
): Promise<RouteData<R>> {
  const text = await res.text();
  if (!res.ok || !route.response) {
    throw new Error(`${route.operationId} answered ${res.status}, not a success: ${text}`);
  }
  const parsed = route.response.safeParse(JSON.parse(text));
  if (!parsed.success) {
    throw new Error(
      `${route.operationId} answered ${res.status} with a body its contract refuses: ${z.prettifyError(parsed.error)}\n${text}`,
    );
  }
  return (JSON.parse(text) as { data: RouteData<R> }).data;
}
