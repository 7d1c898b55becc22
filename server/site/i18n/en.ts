import type { SafeHtml } from '../html.js';
import { html } from '../html.js';
import type { ProblemCode } from '../../../domain/schemas/problems.js';
import { PROBLEM_TYPES } from '../../../domain/schemas/problems.js';

/** What a language says of each problem code: its title and what it means. */
type ProblemWords = Readonly<Record<ProblemCode, { readonly title: string; readonly about: string }>>;
const PROBLEM_WORDS: ProblemWords = PROBLEM_TYPES;

/**
 * The site's words in English: the source every other language's dictionary is typed against
 * (`Messages`, below), so a key missing from a translation, or one too many, fails the type-check.
 *
 * - A plain string is shown as it is.
 * - A `Plural` is picked by `Intl.PluralRules` for the count; `#` is the count, formatted by
 *   `Intl.NumberFormat` (lang.ts). A language without plural forms gives `other` only.
 * - A function takes values the page has already formatted (numbers, dates, links) and places them.
 *   One that returns `SafeHtml` builds markup with `html`, which escapes every value it is given.
 *
 * Editorial text (titles, summaries, excerpts, notes, the API's own descriptions) is never here: it
 * stays as curated, and non-English pages mark it `lang="en"`.
 */
export const en = {
  site: {
    name: 'Usage-Limit Reset Tracker',
    description:
      "A hand-curated history of the publicly announced usage-limit resets of Claude, Anthropic's AI assistant. " +
      'This site is independent and not affiliated with Anthropic.',
    linkBack: 'Free to reuse: if you display or republish this data, please link back to this site.',
    cite: 'Cite event pages by their address; it never changes.',
  },
  layout: {
    siteNav: 'Site',
    nav: {
      latest: 'Latest',
      sources: 'Sources',
      docs: 'API docs',
      alerts: 'Alerts',
      rss: 'RSS',
      jsonFeed: 'JSON Feed',
    },
    feedTitle: { rss: 'RSS', json: 'JSON Feed', atom: 'Atom' },
    notice: 'About this data',
    footer: {
      openApi: 'OpenAPI document',
      rss: 'RSS feed',
      jsonFeed: 'JSON Feed',
      atom: 'Atom feed',
      problems: 'Error codes',
      privacy: 'Privacy',
      freshness: 'Freshness',
    },
    /** The language menu: its button, and the list's name. */
    language: 'Language',
    /** Shown beside a UTC time by the local-time script: "(your time: 14:05 CET)". */
    yourTime: (time: string) => `your time: ${time}`,
  },
  format: {
    /**
     * Short weekday and month names of English dates (other languages format dates with `Intl`);
     * the weekdays also name the calendar's rows in every language.
     */
    weekdays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as readonly string[],
    months: [
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ] as readonly string[],
    dateOnly: 'date only',
    unknown: 'unknown',
    notApplicable: 'n/a',
    days: { one: '# day', other: '# days' } as Plural,
    /** `date`: the last day the record's sources were read (`material_until`), beside every "how long ago". */
    readUntil: (date: SafeHtml) =>
      html`Sources read up to ${date}: a reset announced after that day is not in the record yet.`,
    /** The same, short: the embed card and the record's facts. */
    readUntilShort: (date: SafeHtml) => html`Sources read up to ${date}`,
    lessThanADayAgo: 'less than a day ago',
    daysAgo: { one: '# day ago', other: '# days ago' } as Plural,
    /** "3 of 10". */
    ofTotal: (part: string, total: string) => `${part} of ${total}`,
    /** Joins the items of a short list: "five-hour, weekly". */
    listSeparator: ', ',
    /** A remark beside what it qualifies: "(date only)". */
    aside: (text: SafeHtml) => html`(${text})`,
  },
  labels: {
    status: {
      announced: 'Announced',
      confirmed: 'Confirmed',
      cancelled: 'Cancelled',
      retracted: 'Retracted',
    },
    kind: {
      usage_reset: 'Usage reset',
      limit_increase: 'Limit increase',
      credit: 'Credit',
      policy_change: 'Policy change',
      incident: 'Incident',
    },
    window: { five_hour: 'five-hour', weekly: 'weekly', other: 'other', unspecified: 'not stated' },
    plans: { all: 'All plans', subscribers: 'All paid subscriptions', unspecified: 'Not stated' },
    /** Plan names as the content gives them (`pro`, `max`, `team`, …): shown capitalised. */
    plan: (name: string) => name.charAt(0).toUpperCase() + name.slice(1),
    allocation: { subscription_usage: 'Subscription usage', api: 'API', unspecified: 'Not stated' },
    scope: { broad: 'Broad', limited: 'Limited', unspecified: 'Not stated' },
    sourceKind: { social_post: 'Social post', web_page: 'Web page', status_page: 'Status page' },
    sourceRole: { original: 'Original', relay: 'Relay' },
    classification: { official: 'Official', team_member: 'Team member', relay: 'Relay' },
    priority: { primary: 'Primary', additional: 'Additional', context: 'Context', optional: 'Optional' },
  },
  filters: {
    nav: 'Filters',
    audience: 'Audience',
    window: 'Window',
    audiences: { all: 'Everyone', broad: 'Broad', max: 'Max', pro: 'Pro', team: 'Team' },
    windows: { any: 'Any window', five_hour: 'Five-hour', weekly: 'Weekly' },
    /** "Max, weekly": the filters in words, for captions. */
    label: (audience: string, window: string) => `${audience}, ${window.toLowerCase()}`,
  },
  home: {
    title: 'Latest resets',
    heading: 'Usage-limit resets: the latest, and how often',
    latest: 'Latest reset',
    ambiguous:
      'Several resets were announced that day and their order is not known, so any of these may be the latest:',
    noneRecorded: 'None recorded',
    noMatch: 'No counted reset matches these filters.',
    windows: (list: string) => `windows: ${list}`,
    awaiting: 'Announced, awaiting confirmation',
    announcedAt: (when: SafeHtml) => html`Announced ${when}`,
    statedFor: (time: SafeHtml) => html`stated for ${time}`,
    notCountedYet: 'Not counted until it is confirmed.',
    statistics: 'Statistics',
    stats: {
      total: 'Counted resets',
      average: 'Average interval',
      longest: 'Longest gap',
      measured: 'Measured gaps',
      exact: 'Exact times',
    },
    partialSample:
      'Some gaps touch a date-only record and cannot be measured; averages use the measurable gaps only.',
    history: 'Counted history',
    historyNote:
      'Confirmed usage resets matching the filters, newest first. Cancelled and retracted events keep their pages but are not counted.',
    table: { announced: 'Announced (UTC)', event: 'Event', appliesTo: 'Applies to', windows: 'Windows' },
    wholeHistory: {
      one: 'The whole counted history (# reset) →',
      other: 'The whole counted history (# resets) →',
    } as Plural,
    useData: 'Use the data',
    links: {
      rss: 'RSS feed',
      jsonFeed: 'JSON Feed',
      sources: 'Sources we watch',
      docs: 'API documentation',
      json: 'This view as JSON',
    },
    footnote: (revision: SafeHtml, reviewed: SafeHtml, coverage: SafeHtml) =>
      html`Content revision ${revision} · sources last reviewed ${reviewed} · coverage from ${coverage}.`,
  },
  history: {
    title: 'Counted history',
    back: '← Latest resets',
    pages: (where: string) => `History pages, ${where}`,
    above: 'above the table',
    below: 'below the table',
    newer: '← Newer',
    older: 'Older →',
    pageOf: (page: string, pages: string) => `Page ${page} of ${pages}`,
    summary: (total: string, first: string, last: string) =>
      `${total} confirmed usage resets matching the filters, newest first; resets ${first}–${last} on this page.`,
    noSuchPage: 'No such page',
    noPage: (page: string) => `There is no page ${page} of this history.`,
  },
  event: {
    back: '← Latest resets',
    retracted: 'Retracted.',
    retractedText:
      'This record was withdrawn: it is kept here for reference and is not counted in the reset history.',
    cancelled: 'Cancelled.',
    cancelledText: 'This reset was announced and then called off: it did not take place and is not counted.',
    announced: 'Announced, awaiting confirmation.',
    announcedText:
      'Not counted until it is confirmed. A stated time that has passed does not mean the reset happened.',
    posted: (time: SafeHtml) => html`posted ${time}`,
    related: 'Related events',
    facts: {
      effective: 'Effective',
      ends: 'Ends',
      announced: 'Announced',
      appliesTo: 'Applies to',
      plans: 'Plans',
      scope: (scope: string) => `(scope: ${scope})`,
      exclusions: 'Exclusions',
      windows: 'Windows',
      allocation: 'Allocation',
      counted: 'Counted',
      countedYes: 'Yes, in the reset history',
      countedNo: 'No',
    },
    sources: 'Sources',
    retraction: 'Retraction',
    correction: 'Correction',
    record: {
      heading: 'Record',
      id: 'Id',
      revision: 'Revision',
      firstPublished: 'First published',
      revised: 'Revised',
      readUntil: 'Sources read up to',
      address: 'Address',
    },
    noSuchEvent: 'No such event',
    noEvent: (id: string) => `There is no event with the id "${id}".`,
  },
  sources: {
    title: 'Sources',
    intro: (reviewed: SafeHtml, json: SafeHtml) =>
      html`The public accounts and pages the curators watch for announcements, with how each one's affiliation
      was checked. Editorial review of this list: ${reviewed}. The same list is available as JSON at ${json}.`,
    priority: (priority: string) => `Priority: ${priority}`,
    inactive: 'Inactive',
    profile: 'Profile',
    affiliation: 'Affiliation',
    verifiedBy: 'Verified by',
    resetEvidence: 'Reset evidence',
    limitations: 'Limitations',
    lastReviewed: 'Last reviewed',
    unavailable: 'The sources directory is unavailable.',
  },
  docs: {
    title: 'API documentation',
    intro: (userAgent: SafeHtml, etag: SafeHtml) =>
      html`A free, read-only JSON API: no key needed. Please send a ${userAgent} that identifies your client,
      cache responses for at least a minute (every response has an ${etag}), and link back to this site when
      you show the data.`,
    openApi: 'OpenAPI 3.1 document',
    problems: 'Error codes',
    below: (operations: SafeHtml, schemas: SafeHtml) => html`${operations} and ${schemas} below`,
    operations: 'Operations',
    schemas: 'schemas',
    explorer: 'Interactive explorer',
    explorerNote: '(Swagger UI, about 1.7 MB of JavaScript)',
    typescript: 'Use it from TypeScript',
    typedClient: (endpoint: SafeHtml, pkg: SafeHtml, pack: SafeHtml, client: SafeHtml, server: SafeHtml) =>
      html`The typed tRPC endpoint at ${endpoint} serves the same operations, cached the same way. The client
      package ${pkg} (built from the service's source with ${pack}; install the tarball with its peers
      ${client} and ${server}) types every input and result and turns refusals into a typed error:`,
    typedClientExample: 'Example: the typed client',
    generated: (generator: SafeHtml, fetcher: SafeHtml) =>
      html`Or generate types from the OpenAPI document with ${generator} and call the REST operations with
      ${fetcher}:`,
    generatedExample: 'Example: a client generated from the OpenAPI document',
    plainFetch: (fetch: SafeHtml) => html`Or plain ${fetch} against the REST operations:`,
    fetchExample: 'Example: fetch',
    live: 'Live status',
    liveText: (
      stream: SafeHtml,
      event: SafeHtml,
      status: SafeHtml,
      id: SafeHtml,
      curl: SafeHtml,
      source: SafeHtml,
    ) =>
      html`${stream} (in the reference below) keeps the status open as server-sent events: one ${event} event
      with the ${status} body at connect, then one after each republish, its ${id} the content revision. Try
      ${curl}, or any ${source}. The typed client subscribes to the same over tRPC:`,
    liveExample: 'Example: the live status through the typed client',
    mcp: 'Use it from an AI agent (MCP)',
    mcpText: (path: SafeHtml, tools: SafeHtml) =>
      html`The MCP server at ${path} (Streamable HTTP, stateless, JSON responses) offers each operation as a
      read-only tool: ${tools}. A tool's result is the operation's JSON body, and a refused input is a tool
      error carrying the same problem. Add it to an MCP client, for example:`,
    mcpExample: 'Example: add the MCP server',
    webhooks: 'Alerts to your own program (webhooks)',
    webhooksText: (alertsPage: SafeHtml, post: SafeHtml, challenge: SafeHtml, standard: SafeHtml) =>
      html`Where this server offers webhooks (${alertsPage} has their form), ${post} registers a URL of yours
      for the alerts of an audience and a window. The URL proves it wants them by echoing the ${challenge} of
      a first message; each alert then comes signed as the ${standard} specification says, its data the event
      exactly as the API serves it. A receiver that registers itself:`,
    webhooksExample: 'Example: a webhook receiver on Node',
    badges: 'Badges and a card for your page',
    badgesText: (
      last: SafeHtml,
      resets: SafeHtml,
      endpoint: SafeHtml,
      filters: SafeHtml,
      status: SafeHtml,
      card: SafeHtml,
    ) =>
      html`${last} (the last reset), ${resets} (the counted resets) and the shields.io endpoint ${endpoint}
      take the same ${filters} as ${status}; ${card} is a small card that any site may put in a frame.`,
    badgesExample: 'Example: badge and card',
    /** The iframe's title in the badge example. */
    cardTitle: 'Latest usage-limit reset',
    and: 'and',
  },
  reference: {
    none: 'none',
    any: 'any',
    or: ' or ',
    and: ' and ',
    arrayOf: (items: SafeHtml) => html`array of ${items}`,
    always: (value: SafeHtml) => html`always ${value}`,
    oneOf: (values: SafeHtml) => html`one of ${values}`,
    minimum: (value: SafeHtml) => html`minimum ${value}`,
    maximum: (value: SafeHtml) => html`maximum ${value}`,
    greaterThan: (value: SafeHtml) => html`greater than ${value}`,
    lessThan: (value: SafeHtml) => html`less than ${value}`,
    minLength: (value: SafeHtml) => html`minLength ${value}`,
    maxLength: (value: SafeHtml) => html`maxLength ${value}`,
    minItems: (value: SafeHtml) => html`minItems ${value}`,
    maxItems: (value: SafeHtml) => html`maxItems ${value}`,
    pattern: (value: SafeHtml) => html`pattern ${value}`,
    items: (constraint: SafeHtml) => html`items: ${constraint}`,
    noParameters: 'No parameters.',
    required: ', required',
    examples: 'Examples:',
    parametersOf: (operation: string) => `Parameters of ${operation}`,
    parameterColumns: ['Name', 'In', 'Type', 'Constraints', 'Default', 'Description'] as readonly string[],
    responsesOf: (operation: string) => `Responses of ${operation}`,
    responseColumns: ['Status', 'Description', 'Headers', 'Content'] as readonly string[],
    noBody: 'no body',
    sendDefaults: 'Send with these values',
    send: (operation: string) => `Send ${operation}`,
    sendWith: (parameter: string) => `Send with ${parameter}`,
    operationId: 'Operation id:',
    parameters: 'Parameters',
    responses: 'Responses',
    exampleRequest: 'Example request',
    curlExample: (path: string) => `Example: curl ${path}`,
    tryIt: 'Try it',
    opens: 'Opens the JSON answer in this window.',
    emptyRefused: 'A parameter left out takes its default; the API refuses an empty one.',
    propertiesOf: (schema: string) => `Properties of ${schema}`,
    propertyColumns: ['Property', 'Type', 'Required', 'Constraints and description'] as readonly string[],
    isRequired: 'required',
    isOptional: 'optional',
    type: 'Type:',
    operations: 'Operations',
    schemas: 'Schemas',
  },
  explorer: {
    title: 'API explorer',
    intro: (reference: SafeHtml) =>
      html`Swagger UI, run from this site's own files (about 1.7 MB of JavaScript). The ${reference} shows the
      same operations and schemas without JavaScript, with a form to try each operation.`,
    reference: 'API reference',
    heading: 'Operations and schemas',
    noScript: (reference: SafeHtml, document: SafeHtml) =>
      html`The explorer needs JavaScript. The ${reference} and the ${document} need none.`,
    document: 'OpenAPI document',
    /** Swagger UI's own controls are in English: the page says so in its language. */
    englishTool: 'The explorer itself is in English.',
  },
  problems: {
    title: 'Error codes',
    intro: (type: SafeHtml, json: SafeHtml, code: SafeHtml) =>
      html`Errors are ${json} (RFC 9457). Each body's ${type} is the address of one of these pages and its
      ${code} names it.`,
    columns: { code: 'Code', status: 'Status', meaning: 'Meaning' },
    back: '← All error codes',
    shape: 'Shape',
    example: (code: string) => `Example ${code} problem`,
    shapeNote: (detail: SafeHtml, parameter: SafeHtml) =>
      html`The ${detail} says what was wrong with this request; ${parameter} names the query parameter at
      fault, when one is.`,
    /**
     * Each code's title and meaning, as `/problems` and `/problems/{code}` show them: in English, the
     * API's own words (PROBLEM_TYPES, which the problems and the OpenAPI document carry).
     */
    codes: PROBLEM_WORDS,
  },
  errors: {
    pageNotFound: 'Page not found',
    nothingAt: (path: string) => `There is nothing at ${path}.`,
    unavailable: 'Temporarily unavailable',
    republishing: 'The reset data is being republished or is invalid. Please try again in a minute.',
    /** A page asked for with a query parameter it does not accept (a filter, a page number). */
    badRequest: 'This address cannot be shown',
    badParameter: (parameter: SafeHtml) =>
      html`The query parameter ${parameter} has a value this page does not accept.`,
    /** Any other failure: the problem's code, and the page that explains it. */
    otherwise: (code: SafeHtml) => html`The request failed with the error ${code}.`,
    goHome: 'Go to the latest resets',
    sources: 'Sources',
    docs: 'API docs',
  },
  alerts: {
    title: 'Alerts',
    description:
      'A browser notification, a mail or a webhook request when a usage reset matching your filters is confirmed.',
    heading: 'Alerts',
    off: 'Alerts are not available on this server.',
    elsewhere: (rss: SafeHtml, atom: SafeHtml, json: SafeHtml, calendar: SafeHtml) =>
      html`Follow new resets in a feed reader instead (${rss}, ${atom}, ${json}) or subscribe to ${calendar}.`,
    calendar: 'the calendar of these resets',
    needsScript: 'Alerts need a browser with JavaScript and notifications.',
    about: 'About alerts',
    unsupported: 'This browser cannot show alerts.',
    denied:
      "Notifications are blocked for this site in this browser. To get alerts, allow notifications for this site in the browser's site settings (the icon beside the address), then reload this page.",
    ready: (filters: string) =>
      `One notification when a usage reset for ${filters} is confirmed, and one when it is announced.`,
    subscribe: (filters: string) => `Alert me about resets for ${filters}`,
    subscribed: (filters: SafeHtml) => html`Alerts are on for ${filters} in this browser.`,
    switchTo: (filters: string) => `Alert me about ${filters} instead`,
    stop: 'Stop alerts',
    note: 'You get alerts in this browser —',
    /**
     * A notification in the page's language, worded by the service worker (site-src/service-worker/sw.ts) from
     * an alert's parts, `{…}` filled in there; the windows are named as `labels.window` names them.
     * English notifications are the server's own text (domain/alerts.ts).
     */
    browserOff: 'Browser alerts are not available on this server.',
    channels: { browser: 'In this browser', email: 'By email', webhook: 'To a webhook' },
    email: {
      intro: (filters: string) =>
        `One mail when a usage reset for ${filters} is confirmed, and one when one is announced. A confirmation mail comes first: nothing is sent until you confirm.`,
      label: 'Email address',
      submit: 'Send me the confirmation mail',
      off: 'Email alerts are not available on this server.',
    },
    webhook: {
      intro: (filters: string) =>
        `A POST to your URL when a usage reset for ${filters} is confirmed or announced: JSON signed as Standard Webhooks, or a message to a Discord or Slack incoming webhook.`,
      label: 'Webhook URL',
      submit: 'Add the webhook',
      off: 'Webhooks are not available on this server.',
      developers: (docs: SafeHtml) =>
        html`For developers: the JSON, its signature and how to manage or delete a webhook are in ${docs}.`,
      docs: 'the API docs',
    },
    notification: {
      title: {
        confirmed: 'Confirmed: {title}',
        announced: 'Announced: {title}',
        corrected: 'Corrected: {title}',
      },
      body: '{when}. For: {audience}. Windows: {windows}.',
      dateOnly: '{day} (date only)',
      unknownTime: 'time unknown',
      and: ' and ',
      /** The message a new subscription gets first (server/alerts/push/welcome.ts). */
      welcome: {
        title: 'Alerts are on',
        body: 'This browser will be notified of new usage resets that match the filters you chose.',
      },
    },
    /** What the control's script says in its status line. */
    script: {
      switching: 'Changing the filters…',
      switched: 'Alerts are now for {filters}.',
      switchFailed: 'The filters could not be changed: {reason}',
      turningOn: 'Turning alerts on…',
      notAllowed: 'Notifications were not allowed, so alerts stay off.',
      dismissed: 'Alerts stay off: notifications were not allowed.',
      on: 'Alerts are on.',
      onFailed: 'Alerts could not be turned on: {reason}',
      stopping: 'Stopping alerts…',
      off: 'Alerts are off. Nothing about this browser is kept on the server.',
      offFailed: 'Alerts could not be stopped: {reason}',
      failed: 'Alerts: {reason}',
      serverAnswered: 'the server answered {status}.',
    },
    page: {
      what: 'An alert is one message when a usage reset matching your filters is newly confirmed, and another when one is announced: a notification in this browser, a mail, or a request to your webhook. Nothing is sent for history added later, nor for corrections, unless the curator asks for one.',
      forFilters: (filters: SafeHtml) => html`These alerts are for ${filters}.`,
      otherFilters: 'Choose other filters on the latest resets',
      thenTurnOn: ', then turn alerts on there.',
      stored: 'What is stored',
      storedText:
        'Only what each channel needs to reach you: for a browser, the address its push service gave it and two keys to encrypt messages to it; for email, the address and the language of its mails; for a webhook, its URL and its signing secret; and the filters chosen. Stopping alerts, unsubscribing or deleting the webhook deletes them.',
      privacyLink: 'Privacy: exactly what is kept, for how long, and how to delete it',
    },
  },
  /** A webhook registered with the alerts form: the page that shows its id, secret and token once. */
  webhooks: {
    title: 'Webhook registered',
    onlyNow:
      'Copy these now: they are shown on this page only, never again. The secret checks the signature of each message; the token shows or deletes this webhook.',
    id: 'Webhook id',
    secret: 'Signing secret',
    token: 'Management token',
    url: 'Sent to',
    filters: 'Alerts for',
    status: 'Status',
    active: 'Active: the URL answered the check, so alerts will be sent to it.',
    pending:
      'Pending: the URL did not answer the check as asked, so no alert is sent to it. Register it again once it does; a pending webhook is deleted after 2 days.',
    answered: 'What the URL answered:',
    manage: (get: SafeHtml, header: SafeHtml, remove: SafeHtml) =>
      html`To see its state, send ${get} with the header ${header}; to delete it, send ${remove} with the same
      header.`,
    back: 'Back to alerts',
  },
  freshness: {
    title: 'Freshness',
    intro:
      'How soon each event reached this record: the minutes from the provider posting it to the watcher seeing it, to its publication here, and to the first alert delivered. Measured for events published from a lead.',
    none: 'No event has been published from a lead yet: the first one will appear here.',
    summary: 'Over the newest events',
    measure: 'Measure',
    median: 'Median',
    worst: 'Worst',
    toLead: 'To the lead',
    toPublish: 'To publication',
    toAlert: 'To the first alert',
    events: 'The newest events',
    event: 'Event',
    posted: 'Posted',
    noAlert: 'none yet',
    minutes: { one: '# minute', other: '# minutes' } as Plural,
  },
  privacy: {
    title: 'Privacy',
    intro:
      'This site sets no cookies, runs no analytics and makes no requests to other sites: every page, style and script comes from this server.',
    alerts: 'Browser alerts',
    whenOn: (alerts: SafeHtml) => html`When you turn ${alerts} on, the server stores, for that browser:`,
    alertsLink: 'alerts',
    stored: {
      endpoint: "the push endpoint URL your browser's push service gave it;",
      keys: (p256dh: SafeHtml, auth: SafeHtml) =>
        html`its two keys, ${p256dh} and ${auth}, which encrypt the messages to it;`,
      filters: 'the filters you chose (audience and window);',
      times: 'when the subscription was created and when it was last renewed.',
    },
    /** Said after what is stored: a subscription is stored only once its push service took a message. */
    welcome:
      "Before anything is stored, the server sends one message through your browser's push service, which the browser shows as the notification “Alerts are on”: if the push service does not take it, nothing is stored.",
    deliveries:
      'For each alert sent, it keeps a delivery record: which alert, to which subscription, the outcome, and the time.',
    howLong: 'How long',
    keptUntil: 'A subscription is kept until the first of these:',
    until: {
      stop: (page: SafeHtml) => html`you stop alerts (the control on ${page});`,
      permission:
        "you remove this site's notification permission: the push service then answers 404 or 410, which deletes it;",
      gone: 'the push service says the subscription is gone;',
      expiry: "the subscription's own expiration time, when the push service set one;",
      renewed:
        '400 days after the control last renewed it (each visit to a page with the control renews it).',
    },
    alertsPage: 'the alerts page',
    deliveriesKept: 'Delivery records are kept 30 days.',
    inBrowser:
      "In your browser, the filters are also kept in the site's own storage so that the alerts can be renewed, with the page's language, its words for notifications and the address of the page alerts were turned on from; stopping alerts deletes them.",
    channels: {
      email: 'Email alerts',
      emailStored: 'When you ask for email alerts, the server stores:',
      emailAddress: 'the address, and the language of the page you asked from (its mails are written in it);',
      emailTokens:
        'a hash of the token in the confirmation link (never the token itself), and the token of the unsubscribe link every alert mail carries;',
      emailTimes:
        'the filters you chose, when the address was added, when the last confirmation mail was sent and when it was confirmed.',
      emailKept:
        "An address nobody confirms is forgotten after 2 days. A confirmed one is kept until you unsubscribe (the link in every mail, or your mail program's unsubscribe button) or the mail server refuses it for good. Delivery records are kept 30 days.",
      webhook: 'Webhooks',
      webhookStored: 'When you add a webhook, the server stores:',
      webhookUrl: 'its URL, and the filters you chose;',
      webhookSecret: 'the secret its requests are signed with, and a hash of the token that manages it;',
      webhookLast: 'when its last delivery was made and the HTTP status it got.',
      webhookKept:
        'A webhook that never confirms is forgotten after 2 days; an active one is kept until you delete it with its token, or until it fails for good. Delivery records are kept 30 days.',
    },
    logs: 'Access logs',
    logsText:
      "Every request leaves one access-log line holding the client's IP address, its user agent, the path and the status. How long logs are kept is the operator's log rotation.",
    delete: 'How to delete it',
    deleteText: (stop: SafeHtml, page: SafeHtml, request: SafeHtml, body: SafeHtml) =>
      html`Press ${stop} on ${page}: it deletes the subscription on the server and in your browser. A program
      can do the same with ${request} and the JSON body ${body}.`,
  },
  embed: {
    title: 'Latest usage-limit reset',
    couldBeLatest: {
      one: '# reset that day could be the latest; its order is not known.',
      other: '# resets that day could be the latest; their order is not known.',
    } as Plural,
    seeThem: 'See them',
    noneRecorded: 'None recorded',
    announced: 'Announced, not yet counted',
    statedFor: (time: SafeHtml) => html`Stated for ${time}`,
    announcedAt: (when: SafeHtml) => html`Announced ${when}`,
    unavailable: 'The card is unavailable while the content is invalid.',
  },
  calendar: {
    heading: 'The last 53 weeks',
    caption: (first: string, last: string, filters: string) =>
      `Resets for ${filters} by UTC day, ${first} to ${last}; weeks are columns, Sunday at the top.`,
    region: 'Calendar of resets, scrollable',
    weekday: 'Day',
    week: (firstDay: string) => `week of ${firstDay}`,
    legend: {
      exact: 'reset, exact time',
      dateOnly: 'reset, date only',
      announced: 'announced, awaiting confirmation',
      outside: 'outside coverage',
      none: 'no reset',
    },
    resets: { one: '# reset', other: '# resets' } as Plural,
    dateOnly: 'date only',
    announced: 'announced, awaiting confirmation',
    outside: 'outside coverage',
    at: (time: string) => `at ${time} UTC`,
    /** A day's counted resets and their times: "2 resets (at 09:05 UTC, date only)". */
    countedAt: (resets: string, times: string) => `${resets} (${times})`,
    /** How a day's label joins its parts: "Tue 2 Dec 2025, 1 reset (…); announced…: Title, and 1 more". */
    separators: { what: ', ', clause: '; ', title: ': ', more: ', ' },
    more: { one: 'and # more, listed in the history', other: 'and # more, listed in the history' } as Plural,
  },
  charts: {
    links: (links: SafeHtml) => html`Data: ${links}`,
    resetsJson: 'counted resets (JSON)',
    statusJson: 'status and stats (JSON)',
    resetsCsv: 'counted resets (CSV)',
    omitted: (shown: string, total: string, history: SafeHtml) =>
      html`The charts show the latest ${shown} of ${total} counted resets; the whole history is on ${history}
      and in the API.`,
    historyPages: 'the history pages',
    timeline: {
      title: (filters: string) => `Timeline of counted resets (${filters})`,
      described: (count: string, first: string, last: string, exact: string, dated: string) =>
        `${count} from ${first} to ${last}: ${exact} with an exact time (filled circles) and ${dated} with only a date (hollow diamonds).`,
      counted: { one: '# counted reset', other: '# counted resets' } as Plural,
      none: 'No counted reset matches these filters.',
      ambiguous: (day: string) => `The newest day, ${day}, holds resets whose order is not known (shaded).`,
      announced: (title: string, when: string) =>
        `Announced and not counted (dashed ring, on its own row): ${title}, announced ${when}.`,
      orderUnknown: 'order unknown',
      lane: 'Announced, not counted',
      exact: 'Exact time',
      dateOnly: 'Date only',
      markDateOnly: (day: string) => `${day} (date only)`,
      markAt: (day: string, time: string) => `${day}, ${time} UTC`,
    },
    gaps: {
      title: (filters: string) => `Gaps between counted resets (${filters})`,
      gap: (from: string, to: string, length: string) => `${from} to ${to}: ${length}`,
      unmeasurable: 'cannot be measured (touches a date-only reset)',
      tooFew: 'Fewer than two counted resets match these filters, so there is no gap to show.',
      described: (gaps: string, measured: string, unmeasured: string) =>
        `${gaps} between consecutive counted resets, in order: ${measured} measured (bars by length in days) and ${unmeasured} that cannot be measured because they touch or may bridge a reset known only by its date (dashed outlines).`,
      count: { one: '# gap', other: '# gaps' } as Plural,
      averageLongest: (average: string, longest: string, from: string, to: string) =>
        `Average of the measured gaps ${average} (dashed line); longest ${longest}, from ${from} to ${to} (highlighted).`,
      noAverage: 'No gap can be measured, so there is no average.',
      dayTick: (days: string) => `${days} d`,
      longest: (days: string) => `longest ${days}`,
      average: (days: string) => `average ${days}`,
      measuredKey: 'Measured gap, by length',
      longestKey: 'Longest',
      unmeasuredKey: 'Cannot be measured: touches a date-only reset',
      averageKey: (days: string) => `Average, ${days}`,
    },
  },
  /** Email alerts: the confirmation mail (double opt-in) and each alert's mail (server/alerts/email/). */
  email: {
    confirm: {
      subject: 'Confirm your email alerts',
      why: 'Someone, probably you, asked for email alerts about usage-limit resets of Claude to be sent to this address.',
      filters: 'The alerts asked for:',
      action: 'To start them, open the confirmation page and press its button:',
      button: 'Open the confirmation page',
      ignore:
        'If you did not ask for this, ignore this mail: nothing is sent to this address unless it is confirmed, and no further mail comes from us.',
    },
    alert: {
      intro: 'A usage reset matching your email alerts:',
      details: 'The event and its sources:',
      why: 'You get this mail because this address subscribed to email alerts on this site and confirmed it.',
      unsubscribe: 'Unsubscribe from these alerts',
    },
    /** The pages of the confirmation and unsubscribe links, and the answer to the subscribe form. */
    page: {
      sentTitle: 'Check your mail',
      sent: 'If the address can receive mail, a confirmation is on its way. Open the link in it and press its button to start the alerts; nothing is sent until then.',
      confirmTitle: 'Confirm email alerts',
      confirm: 'Press the button to start email alerts at the address this link was sent to.',
      confirmButton: 'Confirm email alerts',
      confirmedTitle: 'Email alerts confirmed',
      confirmed: (filters: string) =>
        `This address gets one mail when a usage reset for ${filters} is confirmed, and one when one is announced. Every mail has a link to unsubscribe.`,
      expiredTitle: 'This link has expired or was used',
      expired:
        'A confirmation link works once, for 2 days. To get email alerts, ask again on the alerts page.',
      unsubscribeTitle: 'Unsubscribe from email alerts',
      unsubscribe:
        'Press the button to stop email alerts at the address this link was sent to. The address is then deleted from this site.',
      unsubscribeButton: 'Unsubscribe',
      unsubscribedTitle: 'Unsubscribed',
      unsubscribed: 'No more alerts go to this address, and it is no longer kept on this site.',
      incompleteTitle: 'This link is incomplete',
      incomplete: 'The link lacks its token or was cut. Open it again from the mail, whole.',
      offTitle: 'Email alerts are not available',
      back: 'Back to alerts',
    },
    privacy: 'What is kept about this address, and for how long:',
    privacyLink: 'Privacy',
  },
};

/** A message that depends on a count: `#` stands for the formatted count (lang.ts `count`). */
export interface Plural {
  readonly zero?: string;
  readonly one?: string;
  readonly two?: string;
  readonly few?: string;
  readonly many?: string;
  readonly other: string;
}

/** Every dictionary has exactly these keys, with these shapes. */
export type Messages = typeof en;
