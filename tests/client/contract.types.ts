/**
 * Checked by the compiler (`npm run typecheck`, `tsc --noEmit`), not at run time: the published
 * router (client/src) types every input, output and error exactly as the server router does. A
 * difference makes `Expect` refuse `false`, and the type check fails.
 */
import type { inferRouterError, inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter as PublishedRouter } from '../../client/src/index.js';
import type { AppRouter } from '../../server/api/procedures.js';

/** True only when A and B are the same type (not merely assignable one way). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Accepts only `true`. */
type Expect<T extends true> = T;

export type PublishedRouterIsTheServers = [
  Expect<Same<inferRouterInputs<PublishedRouter>, inferRouterInputs<AppRouter>>>,
  Expect<Same<inferRouterOutputs<PublishedRouter>, inferRouterOutputs<AppRouter>>>,
  Expect<Same<inferRouterError<PublishedRouter>, inferRouterError<AppRouter>>>,
];
