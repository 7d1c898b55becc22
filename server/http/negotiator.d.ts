/** negotiator 1.x (its own package ships no types; `@types/negotiator` describes 0.6, without `preferred`). */
declare module 'negotiator' {
  import type { IncomingMessage } from 'node:http';

  export default class Negotiator {
    constructor(request: Pick<IncomingMessage, 'headers'>);
    encodings(available?: readonly string[], options?: { preferred?: readonly string[] }): string[];
  }
}
