import type { Catalog } from '../../domain/catalog.js';
import type { ContentState } from '../content/content-state.js';
import { HttpProblem } from '../http/http-problem.js';
import { makeProblem } from '../http/problem-types.js';

/** The catalog being served, or the 503 `content_unavailable` problem while there is none. */
export function requireCatalog(content: ContentState, problemTypeBase: string, what: string): Catalog {
  const { catalog } = content.snapshot;
  if (!catalog) {
    throw new HttpProblem(
      makeProblem(
        problemTypeBase,
        'content_unavailable',
        `${what} is unavailable while the content is invalid.`,
      ),
    );
  }
  return catalog;
}
