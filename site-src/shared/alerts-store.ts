/**
 * What the alerts control keeps for the service worker: the filters a subscription was made for, in
 * the Cache API (cache `CACHE`, entry `FILTERS_KEY`), with the page's language and its words for
 * notifications.
 */
export const CACHE = 'alerts';
export const FILTERS_KEY = '/alerts/filters.json';
/** Where subscriptions are POSTed (made or renewed) and DELETEd. */
export const SUBSCRIPTIONS = '/alerts/subscriptions';

/** The words a notification is written in, for a page not in English (`data-alerts-notification`). */
export interface NotificationWords {
  /** By alert reason: the title, with `{title}` for the event's subject. */
  readonly title?: Readonly<Record<string, string>>;
  /** With `{when}`, `{audience}`, `{windows}`. */
  readonly body?: string;
  readonly unknownTime?: string;
  /** With `{day}`. */
  readonly dateOnly?: string;
  /** Between two window names. */
  readonly and?: string;
  /** Each window's name, and `unspecified`. */
  readonly windows?: Readonly<Record<string, string>>;
  /** The first message a new subscription gets (server/alerts/push/welcome.ts), in the page's language. */
  readonly welcome?: { readonly title?: string; readonly body?: string };
}

/** The filters kept with a subscription. */
export interface StoredFilters {
  audience: string | null;
  window: string | null;
  label?: string | null;
  /** The language of the page alerts were turned on from. */
  lang?: string;
  notification?: NotificationWords | null;
  /** The page alerts were turned on from (path and query): the welcome's notification opens it. */
  page?: string;
}
