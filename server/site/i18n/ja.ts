import { html } from '../html.js';
import type { SafeHtml } from '../html.js';
import type { Messages } from './en.js';

/** The site's words in Japanese (en.ts says how dictionaries work). */
export const ja: Messages = {
  site: {
    name: '使用量上限リセット・トラッカー',
    description:
      'Anthropic の AI アシスタント Claude で公に発表された使用量上限のリセットを、手作業でまとめた履歴です。' +
      '本サイトは独立して運営しており、Anthropic とは提携していません。',
    linkBack:
      '自由に再利用できます。このデータを表示または再公開する場合は、このサイトへのリンクを掲載してください。',
    cite: 'イベントページを引用するときは、そのアドレスをお使いください。アドレスは変わりません。',
  },
  layout: {
    siteNav: 'サイト',
    nav: {
      latest: '最新',
      sources: '情報源',
      docs: 'API ドキュメント',
      alerts: 'アラート',
      rss: 'RSS',
      jsonFeed: 'JSON Feed',
    },
    feedTitle: { rss: 'RSS', json: 'JSON Feed', atom: 'Atom' },
    notice: 'このデータについて',
    footer: {
      openApi: 'OpenAPI ドキュメント',
      rss: 'RSS フィード',
      jsonFeed: 'JSON Feed',
      atom: 'Atom フィード',
      problems: 'エラーコード',
      privacy: 'プライバシー',
      freshness: '速さ',
    },
    language: '言語',
    yourTime: (time: string) => `現地時刻: ${time}`,
  },
  format: {
    weekdays: ['日', '月', '火', '水', '木', '金', '土'],
    months: ['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'],
    dateOnly: '日付のみ',
    unknown: '不明',
    notApplicable: '該当なし',
    days: { other: '#日' },
    readUntil: (date: SafeHtml) =>
      html`情報源は ${date} まで確認済みです。それ以降に発表されたリセットはまだ記録にありません。`,
    readUntilShort: (date: SafeHtml) => html`情報源は ${date} まで確認済み`,
    lessThanADayAgo: '1日以内',
    daysAgo: { other: '#日前' },
    ofTotal: (part: string, total: string) => `${total}件中${part}件`,
    listSeparator: '、',
    aside: (text: SafeHtml) => html`（${text}）`,
  },
  labels: {
    status: {
      announced: '発表済み',
      confirmed: '確認済み',
      cancelled: '中止',
      retracted: '撤回',
    },
    kind: {
      usage_reset: '使用量リセット',
      limit_increase: '上限の引き上げ',
      credit: 'クレジット付与',
      policy_change: 'ポリシー変更',
      incident: '障害',
    },
    window: { five_hour: '5時間', weekly: '1週間', other: 'その他', unspecified: '記載なし' },
    plans: { all: 'すべてのプラン', subscribers: 'すべての有料サブスクリプション', unspecified: '記載なし' },
    /** Plan names are proper names (Pro, Max, Team): shown capitalised, as in English. */
    plan: (name: string) => name.charAt(0).toUpperCase() + name.slice(1),
    allocation: { subscription_usage: 'サブスクリプションの利用枠', api: 'API', unspecified: '記載なし' },
    scope: { broad: '広範囲', limited: '限定的', unspecified: '記載なし' },
    sourceKind: { social_post: 'SNS 投稿', web_page: 'ウェブページ', status_page: 'ステータスページ' },
    sourceRole: { original: '一次情報', relay: '転載' },
    classification: { official: '公式', team_member: 'チームメンバー', relay: '転載' },
    priority: { primary: '主要', additional: '補助', context: '参考', optional: '任意' },
  },
  filters: {
    nav: 'フィルター',
    audience: '対象',
    window: '制限期間',
    audiences: { all: 'すべての利用者', broad: '広範囲', max: 'Max', pro: 'Pro', team: 'Team' },
    windows: { any: 'すべての期間', five_hour: '5時間', weekly: '1週間' },
    label: (audience: string, window: string) => `${audience}・${window}`,
  },
  home: {
    title: '最新のリセット',
    heading: '使用量上限のリセット：最新情報と頻度',
    latest: '最新のリセット',
    ambiguous:
      'その日には複数のリセットが発表されており、順序が分からないため、次のいずれもが最新である可能性があります：',
    noneRecorded: '記録なし',
    noMatch: 'このフィルターに一致する集計対象のリセットはありません。',
    windows: (list: string) => `制限期間: ${list}`,
    awaiting: '発表済み・確認待ち',
    announcedAt: (when: SafeHtml) => html`発表: ${when}`,
    statedFor: (time: SafeHtml) => html`予定時刻: ${time}`,
    notCountedYet: '確認されるまで集計されません。',
    statistics: '統計',
    stats: {
      total: '集計済みのリセット',
      average: '平均間隔',
      longest: '最長間隔',
      measured: '測定できた間隔',
      exact: '時刻まで判明',
    },
    partialSample: '日付のみの記録に接する間隔は測定できません。平均は測定できた間隔だけで算出しています。',
    history: '集計済みの履歴',
    historyNote:
      'フィルターに一致する確認済みの使用量リセットを新しい順に表示しています。中止・撤回されたイベントもページは残りますが、集計には含まれません。',
    table: { announced: '発表日時 (UTC)', event: 'イベント', appliesTo: '対象', windows: '制限期間' },
    wholeHistory: { other: '集計済みの全履歴（リセット#件）→' },
    useData: 'データを利用する',
    links: {
      rss: 'RSS フィード',
      jsonFeed: 'JSON Feed',
      sources: '監視している情報源',
      docs: 'API ドキュメント',
      json: 'この表示を JSON で見る',
    },
    footnote: (revision: SafeHtml, reviewed: SafeHtml, coverage: SafeHtml) =>
      html`コンテンツのリビジョン ${revision} · 情報源の最終確認: ${reviewed} · 収録開始: ${coverage}`,
  },
  history: {
    title: '集計済みの履歴',
    back: '← 最新のリセット',
    pages: (where: string) => `履歴のページ移動（${where}）`,
    above: '表の上',
    below: '表の下',
    newer: '← 新しいページ',
    older: '古いページ →',
    pageOf: (page: string, pages: string) => `${page} / ${pages} ページ`,
    summary: (total: string, first: string, last: string) =>
      `フィルターに一致する確認済みの使用量リセットは${total}件です（新しい順）。このページには${first}〜${last}件目を表示しています。`,
    noSuchPage: 'ページが見つかりません',
    noPage: (page: string) => `この履歴に${page}ページ目はありません。`,
  },
  event: {
    back: '← 最新のリセット',
    retracted: '撤回されました。',
    retractedText: 'この記録は撤回されました。参考のために残していますが、リセット履歴には集計されません。',
    cancelled: '中止されました。',
    cancelledText: 'このリセットは発表後に中止されました。実施されておらず、集計されません。',
    announced: '発表済み・確認待ち。',
    announcedText:
      '確認されるまで集計されません。予定時刻を過ぎていても、リセットが実施されたとは限りません。',
    posted: (time: SafeHtml) => html`投稿: ${time}`,
    related: '関連イベント',
    facts: {
      effective: '実施日時',
      ends: '終了',
      announced: '発表日時',
      appliesTo: '対象',
      plans: 'プラン',
      scope: (scope: string) => `（範囲: ${scope}）`,
      exclusions: '対象外',
      windows: '制限期間',
      allocation: '利用枠の種類',
      counted: '集計',
      countedYes: 'はい（リセット履歴に集計）',
      countedNo: 'いいえ',
    },
    sources: '情報源',
    retraction: '撤回',
    correction: '訂正',
    record: {
      heading: '記録',
      id: 'ID',
      revision: 'リビジョン',
      firstPublished: '初回公開',
      revised: '改訂',
      readUntil: '情報源の確認',
      address: 'アドレス',
    },
    noSuchEvent: 'イベントが見つかりません',
    noEvent: (id: string) => `ID「${id}」のイベントはありません。`,
  },
  sources: {
    title: '情報源',
    intro: (reviewed: SafeHtml, json: SafeHtml) =>
      html`編集者が発表を見落とさないよう監視している公開アカウントとページの一覧です。それぞれの所属をどう確認したかも記載しています。この一覧の編集上の最終確認:
      ${reviewed}。同じ一覧を JSON でも ${json} で提供しています。`,
    priority: (priority: string) => `優先度: ${priority}`,
    inactive: '休止中',
    profile: 'プロフィール',
    affiliation: '所属',
    verifiedBy: '確認方法',
    resetEvidence: 'リセットの根拠',
    limitations: '注意点',
    lastReviewed: '最終確認',
    unavailable: '情報源の一覧を表示できません。',
  },
  docs: {
    title: 'API ドキュメント',
    intro: (userAgent: SafeHtml, etag: SafeHtml) =>
      html`無料・読み取り専用の JSON API です。キーは不要です。クライアントを識別できる ${userAgent}
      を送信し、レスポンスは少なくとも1分間キャッシュしてください（すべてのレスポンスに ${etag}
      が付きます）。データを表示する際は、このサイトへのリンクを掲載してください。`,
    openApi: 'OpenAPI 3.1 ドキュメント',
    problems: 'エラーコード',
    below: (operations: SafeHtml, schemas: SafeHtml) => html`${operations}と${schemas}は下記を参照`,
    operations: '操作',
    schemas: 'スキーマ',
    explorer: 'インタラクティブ・エクスプローラー',
    explorerNote: '（Swagger UI、JavaScript 約 1.7 MB）',
    typescript: 'TypeScript から使う',
    typedClient: (endpoint: SafeHtml, pkg: SafeHtml, pack: SafeHtml, client: SafeHtml, server: SafeHtml) =>
      html`${endpoint} の型付き tRPC
      エンドポイントは、同じ操作を同じキャッシュ方式で提供します。クライアントパッケージ
      ${pkg}（サービスのソースから ${pack} でビルドします。tarball はピア依存パッケージの ${client} と
      ${server}
      と一緒にインストールしてください）は、すべての入力と結果に型を付け、拒否を型付きのエラーに変換します：`,
    typedClientExample: '例: 型付きクライアント',
    generated: (generator: SafeHtml, fetcher: SafeHtml) =>
      html`または、${generator} で OpenAPI ドキュメントから型を生成し、${fetcher} で REST
      の操作を呼び出します：`,
    generatedExample: '例: OpenAPI ドキュメントから生成したクライアント',
    plainFetch: (fetch: SafeHtml) => html`または、REST の操作に対してそのまま ${fetch} を使います：`,
    fetchExample: '例: fetch',
    live: 'ライブステータス',
    liveText: (
      stream: SafeHtml,
      event: SafeHtml,
      status: SafeHtml,
      id: SafeHtml,
      curl: SafeHtml,
      source: SafeHtml,
    ) =>
      html`${stream}（下のリファレンスを参照）は、ステータスをサーバー送信イベント（SSE）として開いたまま配信します。接続時に
      ${status} の本文を持つ ${event} イベントを1件、その後は再公開のたびに1件送り、その ${id}
      はコンテンツのリビジョンです。${curl} や任意の ${source} で試せます。型付きクライアントも tRPC
      経由で同じものを購読できます：`,
    liveExample: '例: 型付きクライアントでライブステータスを受け取る',
    mcp: 'AI エージェントから使う（MCP）',
    mcpText: (path: SafeHtml, tools: SafeHtml) =>
      html`${path} の MCP サーバー（Streamable HTTP、ステートレス、JSON
      レスポンス）は、各操作を読み取り専用のツールとして提供します：${tools}。ツールの結果は操作の JSON
      本文で、拒否された入力は同じエラー内容を持つツールエラーになります。MCP クライアントへの追加例：`,
    mcpExample: '例: MCP サーバーを追加する',
    webhooks: '自分のプログラムで通知を受け取る（Webhook）',
    webhooksText: (alertsPage: SafeHtml, post: SafeHtml, challenge: SafeHtml, standard: SafeHtml) =>
      html`このサーバーが Webhook を提供している場合（${alertsPage}に登録フォームがあります）、${post}
      で自分の URL を、対象と期間を指定した通知の送り先として登録できます。URL は最初のメッセージの
      ${challenge} をそのまま返して、通知を受け取る意思を示します。その後の各通知は ${standard}
      仕様のとおりに署名され、データは API が返すとおりのイベントです。自分自身を登録する受信側の例：`,
    webhooksExample: '例: Node で動く Webhook 受信側',
    badges: 'ページに載せるバッジとカード',
    badgesText: (
      last: SafeHtml,
      resets: SafeHtml,
      endpoint: SafeHtml,
      filters: SafeHtml,
      status: SafeHtml,
      card: SafeHtml,
    ) =>
      html`${last}（最新のリセット）、${resets}（集計済みのリセット数）、shields.io 用エンドポイント
      ${endpoint} は、${status} と同じ ${filters} を受け付けます。${card}
      は、どのサイトでもフレームに埋め込める小さなカードです。`,
    badgesExample: '例: バッジとカード',
    cardTitle: '最新の使用量上限リセット',
    and: 'と',
  },
  reference: {
    none: 'なし',
    any: '任意',
    or: ' または ',
    and: ' かつ ',
    arrayOf: (items: SafeHtml) => html`${items} の配列`,
    always: (value: SafeHtml) => html`常に ${value}`,
    oneOf: (values: SafeHtml) => html`${values} のいずれか`,
    minimum: (value: SafeHtml) => html`最小値 ${value}`,
    maximum: (value: SafeHtml) => html`最大値 ${value}`,
    greaterThan: (value: SafeHtml) => html`${value} より大きい`,
    lessThan: (value: SafeHtml) => html`${value} 未満`,
    minLength: (value: SafeHtml) => html`最小文字数 ${value}`,
    maxLength: (value: SafeHtml) => html`最大文字数 ${value}`,
    minItems: (value: SafeHtml) => html`最小要素数 ${value}`,
    maxItems: (value: SafeHtml) => html`最大要素数 ${value}`,
    pattern: (value: SafeHtml) => html`パターン ${value}`,
    items: (constraint: SafeHtml) => html`各要素: ${constraint}`,
    noParameters: 'パラメーターはありません。',
    required: '（必須）',
    examples: '例:',
    parametersOf: (operation: string) => `${operation} のパラメーター`,
    parameterColumns: ['名前', '場所', '型', '制約', '既定値', '説明'],
    responsesOf: (operation: string) => `${operation} のレスポンス`,
    responseColumns: ['ステータス', '説明', 'ヘッダー', '内容'],
    noBody: '本文なし',
    sendDefaults: 'この値で送信',
    send: (operation: string) => `${operation} を送信`,
    sendWith: (parameter: string) => `${parameter} を指定して送信`,
    operationId: '操作 ID:',
    parameters: 'パラメーター',
    responses: 'レスポンス',
    exampleRequest: 'リクエスト例',
    curlExample: (path: string) => `例: curl ${path}`,
    tryIt: '試す',
    opens: 'JSON の応答をこのウィンドウで開きます。',
    emptyRefused: '省略したパラメーターには既定値が使われます。空の値は API が拒否します。',
    propertiesOf: (schema: string) => `${schema} のプロパティ`,
    propertyColumns: ['プロパティ', '型', '必須', '制約と説明'],
    isRequired: '必須',
    isOptional: '任意',
    type: '型:',
    operations: '操作',
    schemas: 'スキーマ',
  },
  explorer: {
    title: 'API エクスプローラー',
    intro: (reference: SafeHtml) =>
      html`このサイト自身のファイルで動く Swagger UI です（JavaScript 約 1.7
      MB）。${reference}では、同じ操作とスキーマを JavaScript
      なしで表示し、各操作を試せるフォームも用意しています。`,
    reference: 'API リファレンス',
    heading: '操作とスキーマ',
    noScript: (reference: SafeHtml, document: SafeHtml) =>
      html`エクスプローラーには JavaScript が必要です。${reference}と${document}には不要です。`,
    document: 'OpenAPI ドキュメント',
    englishTool: 'エクスプローラー自体は英語で表示されます。',
  },
  problems: {
    title: 'エラーコード',
    intro: (type: SafeHtml, json: SafeHtml, code: SafeHtml) =>
      html`エラーは ${json}（RFC 9457）で返されます。各本文の ${type}
      はこれらのページのいずれかのアドレスで、${code} がそのエラーを示します。`,
    columns: { code: 'コード', status: 'ステータス', meaning: '意味' },
    back: '← すべてのエラーコード',
    shape: '形式',
    example: (code: string) => `${code} エラーの例`,
    shapeNote: (detail: SafeHtml, parameter: SafeHtml) =>
      html`${detail} はこのリクエストの何が問題だったかを示し、${parameter}
      は原因となったクエリパラメーターがある場合にその名前を示します。`,
    codes: {
      invalid_parameter: {
        title: '無効なパラメーター',
        about: 'クエリパラメーターに、この操作が受け付けない値が指定されています。',
      },
      unknown_parameter: {
        title: '不明なパラメーター',
        about:
          'この操作が受け付けないクエリパラメーターが指定されています。無視はせず、リクエストを拒否します。',
      },
      repeated_parameter: {
        title: 'パラメーターの重複',
        about: '同じクエリパラメーターが複数回指定されています。',
      },
      invalid_cursor: {
        title: '無効なカーソル',
        about:
          'カーソルの形式が不正か、改変されているか、別のクエリに対して発行されたものです。カーソルなしでやり直すか、元のクエリパラメーターをそのまま指定してください。',
      },
      invalid_range: { title: '無効な範囲', about: '「from」の値が「to」の値より後になっています。' },
      not_found: { title: '見つかりません', about: 'このアドレスにはリソースがありません。' },
      method_not_allowed: {
        title: '許可されていないメソッド',
        about:
          'このサービスは読み取り専用です。GET または HEAD を使ってください（MCP エンドポイントの /mcp では POST）。使えるメソッドは Allow ヘッダーに示されています。',
      },
      forbidden: {
        title: 'アクセス禁止',
        about:
          'リクエストが他のサイトのウェブページから送られています（Origin ヘッダーによる判定）。MCP エンドポイントとアラートの購読は、このサービス自身のオリジンと、Origin を送らないクライアントにのみ応答します。',
      },
      unsupported_media_type: {
        title: 'サポートされていないメディアタイプ',
        about:
          'リクエスト本文が JSON ではありません。Content-Type: application/json を付けて送信してください。',
      },
      payload_too_large: {
        title: 'ペイロードが大きすぎます',
        about:
          'リクエスト本文が、サービスが読み取る上限（/mcp では 64 KiB、/alerts/subscriptions と /alerts/webhooks では 4 KiB、/alerts/email とそのリンクでは 2 KiB）を超えています。より小さい本文を送信してください。',
      },
      invalid_body: {
        title: '無効な本文',
        about:
          'JSON 本文が有効な JSON でないか、必要なフィールドが欠けているか、リクエストが受け付けないフィールドがあるか、フィールドの値が受け付けられないものです。「parameter」がそのフィールドを示します。',
      },
      malformed_request: {
        title: '不正な形式のリクエスト',
        about:
          'リクエストが有効な HTTP ではありません（リクエスト行やヘッダーの形式が不正、またはターゲットに ASCII 以外の生のバイトが含まれています）。URL をパーセントエンコードし、正しい形式のヘッダーを送信してください。',
      },
      request_timeout: {
        title: 'リクエストのタイムアウト',
        about:
          'リクエストヘッダーまたは本文が時間内に届かなかったため、接続を閉じました。リクエストを送り直してください。',
      },
      expectation_failed: {
        title: 'Expect の条件を満たせません',
        about:
          'リクエストに、このサービスが満たせない Expect ヘッダーが含まれています。Expect ヘッダーを付けずに送信してください。',
      },
      request_too_large: {
        title: 'リクエストヘッダーが大きすぎます',
        about:
          'リクエストのターゲットまたはヘッダーが、サービスが読み取る上限（合計 16 KB、ヘッダーは最大 200 行）を超えています。短くしてください。',
      },
      rate_limited: {
        title: 'リクエストが多すぎます',
        about:
          'クライアントがレート制限を超える数のリクエストを送信しました。Retry-After に示された秒数だけ待ってください。レスポンスは少なくとも1分間キャッシュしてください。',
      },
      internal_error: {
        title: '内部エラー',
        about:
          'サービスで予期しないエラーが発生しました。リクエストを変更する必要はありません。しばらくしてから再試行してください。',
      },
      content_unavailable: {
        title: 'コンテンツを利用できません',
        about:
          '公開されたコンテンツが見つからないか無効なため、リセットデータを一時的に利用できません。Retry-After に示された秒数が経過してから再試行してください。',
      },
      service_busy: {
        title: 'サービスが混雑しています',
        about:
          'このサーバーは、許容する上限数のライブストリームをすでに保持しています。Retry-After に示された秒数が経過してから再試行するか、代わりに /api/v1/status をポーリングしてください。',
      },
      alerts_unavailable: {
        title: 'アラートを利用できません',
        about:
          'このサーバーはこの種類のアラートを送信しません。ブラウザアラートには VAPID 鍵ペア、メールには SMTP リレーが必要で、Webhook は運営者が有効にした場合に限られます。代わりにフィードかカレンダーをご利用ください。',
      },
      subscriptions_full: {
        title: '購読数の上限',
        about:
          'このサーバーは受け付けられる上限までアラートの購読を保存しているため、今は新しい購読を保存しません。フィードやカレンダーを利用するか、時間をおいて再度お試しください。',
      },
      push_service_unavailable: {
        title: 'プッシュサービスを利用できません',
        about:
          'ブラウザの購読は、そのプッシュサービスが最初のメッセージを受け取ってから保存されます。今回は受け取られなかったため（エラー、時間内に応答がない、または待機の要求）、何も保存していません。Retry-After の秒数が過ぎてから再度お試しください。',
      },
    },
  },
  errors: {
    pageNotFound: 'ページが見つかりません',
    nothingAt: (path: string) => `${path} には何もありません。`,
    unavailable: '一時的に利用できません',
    republishing: 'リセットデータを再公開中か、データが無効です。1分ほどしてからもう一度お試しください。',
    badRequest: 'このアドレスは表示できません',
    badParameter: (parameter: SafeHtml) =>
      html`クエリパラメーター ${parameter} の値は、このページでは受け付けられません。`,
    otherwise: (code: SafeHtml) => html`リクエストはエラー ${code} で失敗しました。`,
    goHome: '最新のリセットへ',
    sources: '情報源',
    docs: 'API ドキュメント',
  },
  alerts: {
    title: 'アラート',
    description:
      'フィルターに一致する使用量リセットが確認されると、ブラウザ通知・メール・Webhook でお知らせします。',
    heading: 'アラート',
    off: 'このサーバーではアラートを利用できません。',
    elsewhere: (rss: SafeHtml, atom: SafeHtml, json: SafeHtml, calendar: SafeHtml) =>
      html`代わりに、フィードリーダーで新しいリセットを追う（${rss}、${atom}、${json}）か、${calendar}を購読してください。`,
    calendar: 'これらのリセットのカレンダー',
    needsScript: 'アラートには、JavaScript と通知に対応したブラウザが必要です。',
    about: 'アラートについて',
    unsupported: 'このブラウザではアラートを表示できません。',
    denied:
      'このブラウザでは、このサイトの通知がブロックされています。アラートを受け取るには、ブラウザのサイト設定（アドレス横のアイコン）でこのサイトの通知を許可してから、このページを再読み込みしてください。',
    ready: (filters: string) =>
      `${filters}の使用量リセットが確認されたときに1件、発表されたときに1件、通知が届きます。`,
    subscribe: (filters: string) => `${filters}のリセットを通知する`,
    subscribed: (filters: SafeHtml) => html`このブラウザでは ${filters} のアラートがオンになっています。`,
    switchTo: (filters: string) => `代わりに${filters}を通知する`,
    stop: 'アラートを停止',
    note: 'このブラウザでアラートを受け取っています —',
    browserOff: 'このサーバーではブラウザアラートを利用できません。',
    channels: { browser: 'このブラウザで', email: 'メールで', webhook: 'Webhook で' },
    email: {
      intro: (filters: string) =>
        `${filters}の使用量リセットが確認されたときに1通、発表されたときに1通、メールが届きます。最初に確認メールが届き、確認するまでは何も送られません。`,
      label: 'メールアドレス',
      submit: '確認メールを送る',
      off: 'このサーバーではメールアラートを利用できません。',
    },
    webhook: {
      intro: (filters: string) =>
        `${filters}の使用量リセットが確認または発表されたときに、指定の URL へ POST します。Standard Webhooks 形式で署名した JSON か、Discord・Slack の受信 Webhook 向けのメッセージです。`,
      label: 'Webhook の URL',
      submit: 'Webhook を追加',
      off: 'このサーバーでは Webhook を利用できません。',
      developers: (docs: SafeHtml) =>
        html`開発者の方へ：JSON の内容、署名、Webhook の管理と削除の方法は${docs}にあります。`,
      docs: 'API ドキュメント',
    },
    notification: {
      title: { confirmed: '確認済み：{title}', announced: '発表：{title}', corrected: '訂正：{title}' },
      body: '{when}。対象：{audience}。制限期間：{windows}。',
      dateOnly: '{day}（日付のみ）',
      unknownTime: '時刻不明',
      and: '・',
      welcome: {
        title: 'アラートがオンになりました',
        body: '選んだフィルターに一致する新しい使用量リセットを、このブラウザに通知します。',
      },
    },
    script: {
      switching: 'フィルターを変更しています…',
      switched: 'アラートの対象を{filters}に変更しました。',
      switchFailed: 'フィルターを変更できませんでした: {reason}',
      turningOn: 'アラートをオンにしています…',
      notAllowed: '通知が許可されなかったため、アラートはオフのままです。',
      dismissed: 'アラートはオフのままです: 通知が許可されませんでした。',
      on: 'アラートはオンです。',
      onFailed: 'アラートをオンにできませんでした: {reason}',
      stopping: 'アラートを停止しています…',
      off: 'アラートはオフです。このブラウザに関する情報はサーバーに残っていません。',
      offFailed: 'アラートを停止できませんでした: {reason}',
      failed: 'アラート: {reason}',
      serverAnswered: 'サーバーが {status} を返しました。',
    },
    page: {
      what: 'アラートとは、フィルターに一致する使用量リセットが新たに確認されたときに1件、発表されたときにもう1件届くお知らせです。このブラウザへの通知、メール、Webhook へのリクエストから選べます。後から追加された過去の記録や訂正については、キュレーターが求めない限り送られません。',
      forFilters: (filters: SafeHtml) => html`このアラートの対象は ${filters} です。`,
      otherFilters: '最新のリセットのページで別のフィルターを選び',
      thenTurnOn: '、そこでアラートをオンにしてください。',
      stored: '保存される情報',
      storedText:
        '各チャンネルで届けるために必要な情報だけを保存します。ブラウザなら、そのプッシュサービスが発行したアドレスとメッセージを暗号化する2つの鍵。メールなら、アドレスとメールの言語。Webhook なら、その URL と署名用シークレット。そして選んだフィルターです。アラートの停止、配信停止、Webhook の削除でこれらは削除されます。',
      privacyLink: 'プライバシー: 何をどれだけの期間保存し、どう削除するか',
    },
  },
  webhooks: {
    title: 'Webhook を登録しました',
    onlyNow:
      'これらはこのページに一度だけ表示され、二度と表示されません。今すぐ控えてください。シークレットは各メッセージの署名の検証に、トークンはこの Webhook の確認と削除に使います。',
    id: 'Webhook ID',
    secret: '署名シークレット',
    token: '管理トークン',
    url: '送信先 URL',
    filters: 'アラートの対象',
    status: '状態',
    active: '有効: URL が確認に正しく応答したので、アラートが送られます。',
    pending:
      '保留中: URL が確認に求められたとおり応答しなかったため、アラートは送られません。応答できるようになったら、もう一度登録してください。保留中の Webhook は 2 日後に削除されます。',
    answered: 'URL の応答:',
    manage: (get: SafeHtml, header: SafeHtml, remove: SafeHtml) =>
      html`状態を見るには、ヘッダー ${header} を付けて ${get} を送ります。削除するには、同じヘッダーを付けて
      ${remove} を送ります。`,
    back: 'アラートのページに戻る',
  },
  freshness: {
    title: '速さ',
    intro:
      '各イベントがこの記録に届くまでの速さです。提供元の投稿から、ウォッチャーが見つけるまで、ここで公開するまで、最初の通知が届くまでの分数を示します。リードから公開したイベントについて測ります。',
    none: 'リードから公開したイベントはまだありません。最初のものがここに表示されます。',
    summary: '最新のイベントについて',
    measure: '指標',
    median: '中央値',
    worst: '最大',
    toLead: 'リードまで',
    toPublish: '公開まで',
    toAlert: '最初の通知まで',
    events: '最新のイベント',
    event: 'イベント',
    posted: '投稿',
    noAlert: 'まだなし',
    minutes: { other: '#分' },
  },
  privacy: {
    title: 'プライバシー',
    intro:
      'このサイトは Cookie を設定せず、アクセス解析も行わず、他のサイトへのリクエストも送りません。すべてのページ、スタイル、スクリプトはこのサーバーから配信されます。',
    alerts: 'ブラウザアラート',
    whenOn: (alerts: SafeHtml) =>
      html`${alerts}をオンにすると、サーバーはそのブラウザについて次の情報を保存します：`,
    alertsLink: 'アラート',
    stored: {
      endpoint: 'ブラウザのプッシュサービスが発行した、プッシュエンドポイントの URL',
      keys: (p256dh: SafeHtml, auth: SafeHtml) =>
        html`そのブラウザ宛てのメッセージを暗号化する2つの鍵 ${p256dh} と ${auth}`,
      filters: '選んだフィルター（対象と制限期間）',
      times: '購読の作成日時と最終更新日時',
    },
    welcome:
      '保存する前に、サーバーはブラウザのプッシュサービスを通じてメッセージを1件送り、ブラウザはそれを「アラートがオンになりました」という通知として表示します。プッシュサービスが受け取らなかった場合は何も保存しません。',
    deliveries:
      '送信したアラートごとに、配信記録（どのアラートを、どの購読に送り、結果はどうだったか、およびその日時）を保存します。',
    howLong: '保存期間',
    keptUntil: '購読は、次のいずれかが最初に起きるまで保存されます：',
    until: {
      stop: (page: SafeHtml) => html`アラートを停止したとき（${page}のアラート設定から）`,
      permission:
        'このサイトの通知許可を取り消したとき（プッシュサービスが 404 または 410 を返し、それを受けて削除されます）',
      gone: 'プッシュサービスが、購読はもう存在しないと応答したとき',
      expiry: 'プッシュサービスが購読に有効期限を設定している場合は、その期限が来たとき',
      renewed: 'アラート設定が最後に更新してから400日後（アラート設定のあるページを開くたびに更新されます）',
    },
    alertsPage: 'アラートのページ',
    deliveriesKept: '配信記録は30日間保存されます。',
    inBrowser:
      'ブラウザ内でも、アラートを更新できるように、フィルターをページの言語、通知の文言、アラートをオンにしたページのアドレスとともにこのサイト専用のストレージに保存します。アラートを停止すると削除されます。',
    channels: {
      email: 'メールアラート',
      emailStored: 'メールアラートを申し込むと、サーバーは次の情報を保存します。',
      emailAddress: 'メールアドレスと、申し込んだページの言語（メールはその言語で書かれます）',
      emailTokens:
        '確認リンクのトークンのハッシュ（トークンそのものは保存しません）と、すべてのアラートメールに含まれる配信停止リンクのトークン',
      emailTimes: '選んだフィルター、アドレスが追加された日時、最後に確認メールを送った日時、確認された日時',
      emailKept:
        '確認されなかったアドレスは2日後に削除されます。確認済みのアドレスは、配信を停止する（各メールのリンク、またはメールソフトの配信停止ボタン）か、メールサーバーが恒久的に受け取りを拒否するまで保存されます。配信記録は30日間保存されます。',
      webhook: 'Webhook',
      webhookStored: 'Webhook を追加すると、サーバーは次の情報を保存します。',
      webhookUrl: 'その URL と、選んだフィルター',
      webhookSecret: 'リクエストの署名に使うシークレットと、Webhook を管理するトークンのハッシュ',
      webhookLast: '最後に配信した日時と、そのとき返された HTTP ステータス',
      webhookKept:
        '確認されなかった Webhook は2日後に削除されます。有効な Webhook は、トークンを使って削除するか、恒久的に配信できなくなるまで保存されます。配信記録は30日間保存されます。',
    },
    logs: 'アクセスログ',
    logsText:
      'すべてのリクエストについて、クライアントの IP アドレス、ユーザーエージェント、パス、ステータスを含むアクセスログが1行記録されます。ログの保存期間は、運営者のログローテーションの設定によります。',
    delete: '削除の方法',
    deleteText: (stop: SafeHtml, page: SafeHtml, request: SafeHtml, body: SafeHtml) =>
      html`${page}で${stop}を押すと、サーバーとブラウザの両方から購読が削除されます。プログラムからは、${request}
      と JSON 本文 ${body} で同じことができます。`,
  },
  embed: {
    title: '最新の使用量上限リセット',
    couldBeLatest: { other: 'その日の#件のリセットはいずれも最新の可能性があります。順序は不明です。' },
    seeThem: '一覧を見る',
    noneRecorded: '記録なし',
    announced: '発表済み・未集計',
    statedFor: (time: SafeHtml) => html`予定時刻: ${time}`,
    announcedAt: (when: SafeHtml) => html`発表: ${when}`,
    unavailable: 'コンテンツが無効なため、カードを表示できません。',
  },
  calendar: {
    heading: '直近53週間',
    caption: (first: string, last: string, filters: string) =>
      `${filters}のリセット（UTC の日単位、${first}〜${last}）。列が週を表し、日曜日が一番上です。`,
    region: 'リセットのカレンダー（スクロール可能）',
    weekday: '曜日',
    week: (firstDay: string) => `${firstDay}からの週`,
    legend: {
      exact: 'リセット（時刻まで判明）',
      dateOnly: 'リセット（日付のみ）',
      announced: '発表済み・確認待ち',
      outside: '収録期間外',
      none: 'リセットなし',
    },
    resets: { other: 'リセット#件' },
    dateOnly: '日付のみ',
    announced: '発表済み・確認待ち',
    outside: '収録期間外',
    at: (time: string) => `${time} UTC`,
    countedAt: (resets: string, times: string) => `${resets}（${times}）`,
    separators: { what: '、', clause: '、', title: '：', more: '、' },
    more: { other: 'ほか#件（履歴に掲載）' },
  },
  charts: {
    links: (links: SafeHtml) => html`データ: ${links}`,
    resetsJson: '集計済みのリセット（JSON）',
    statusJson: 'ステータスと統計（JSON）',
    resetsCsv: '集計済みのリセット（CSV）',
    omitted: (shown: string, total: string, history: SafeHtml) =>
      html`グラフには、集計済みのリセット${total}件のうち最新の${shown}件を表示しています。全履歴は${history}と
      API で確認できます。`,
    historyPages: '履歴のページ',
    timeline: {
      title: (filters: string) => `集計済みリセットのタイムライン（${filters}）`,
      described: (count: string, first: string, last: string, exact: string, dated: string) =>
        `${first}から${last}までの${count}：時刻まで判明しているもの${exact}件（塗りつぶしの円）、日付のみのもの${dated}件（中抜きのひし形）。`,
      counted: { other: '集計済みのリセット#件' },
      none: 'このフィルターに一致する集計対象のリセットはありません。',
      ambiguous: (day: string) => `最新の日（${day}）には、順序の分からないリセットがあります（網掛け）。`,
      announced: (title: string, when: string) =>
        `発表済み・未集計（破線の輪、専用の行）：${title}、${when}に発表。`,
      orderUnknown: '順序不明',
      lane: '発表済み・未集計',
      exact: '時刻まで判明',
      dateOnly: '日付のみ',
      markDateOnly: (day: string) => `${day}（日付のみ）`,
      markAt: (day: string, time: string) => `${day} ${time} UTC`,
    },
    gaps: {
      title: (filters: string) => `集計済みリセットの間隔（${filters}）`,
      gap: (from: string, to: string, length: string) => `${from}〜${to}: ${length}`,
      unmeasurable: '測定不可（日付のみのリセットに接するため）',
      tooFew: 'このフィルターに一致する集計済みのリセットが2件未満のため、表示できる間隔がありません。',
      described: (gaps: string, measured: string, unmeasured: string) =>
        `連続する集計済みリセットの間の${gaps}（時系列順）：測定できたもの${measured}件（棒の長さは日数）と、日付しか分からないリセットに接する、またはそれをまたぐ可能性があるため測定できないもの${unmeasured}件（破線の枠）。`,
      count: { other: '間隔#件' },
      averageLongest: (average: string, longest: string, from: string, to: string) =>
        `測定できた間隔の平均は${average}（破線）。最長は${longest}で、${from}〜${to}（強調表示）。`,
      noAverage: '測定できる間隔がないため、平均はありません。',
      dayTick: (days: string) => `${days}日`,
      longest: (days: string) => `最長 ${days}`,
      average: (days: string) => `平均 ${days}`,
      measuredKey: '測定できた間隔（棒の長さ）',
      longestKey: '最長',
      unmeasuredKey: '測定不可：日付のみのリセットに接する',
      averageKey: (days: string) => `平均: ${days}`,
    },
  },
  email: {
    confirm: {
      subject: 'メールアラートの登録を確認してください',
      why: 'どなたか（おそらくご本人）が、Claude の使用量上限リセットに関するメールアラートをこのアドレスに送るよう申し込みました。',
      filters: '申し込まれたアラートの対象：',
      action: 'アラートを開始するには、確認ページを開いてボタンを押してください：',
      button: '確認ページを開く',
      ignore:
        '心当たりがない場合は、このメールを無視してください。確認されない限りこのアドレスには何も送られず、今後こちらからメールが届くこともありません。',
    },
    alert: {
      intro: 'メールアラートの条件に一致する使用量リセットがありました：',
      details: 'イベントの詳細と情報源：',
      why: 'このメールは、このアドレスがこのサイトのメールアラートに登録し、確認を済ませたためにお送りしています。',
      unsubscribe: 'このアラートの配信を停止する',
    },
    page: {
      sentTitle: 'メールをご確認ください',
      sent: 'このアドレスがメールを受け取れる場合、確認メールが送信されています。メール内のリンクを開いてボタンを押すとアラートが始まります。それまでは何も送られません。',
      confirmTitle: 'メールアラートの確認',
      confirm: 'ボタンを押すと、このリンクが送られたアドレスへのメールアラートが始まります。',
      confirmButton: 'メールアラートを確認する',
      confirmedTitle: 'メールアラートを確認しました',
      confirmed: (filters: string) =>
        `${filters}の使用量リセットが確認されたときに1通、発表されたときに1通、このアドレスにメールが届きます。各メールには配信停止のリンクがあります。`,
      expiredTitle: 'このリンクは期限切れか、すでに使われています',
      expired:
        '確認リンクは2日間、1回だけ使えます。メールアラートを受け取るには、アラートのページからもう一度申し込んでください。',
      unsubscribeTitle: 'メールアラートの配信停止',
      unsubscribe:
        'ボタンを押すと、このリンクが送られたアドレスへのメールアラートを停止し、そのアドレスをこのサイトから削除します。',
      unsubscribeButton: '配信を停止する',
      unsubscribedTitle: '配信を停止しました',
      unsubscribed: 'このアドレスにはもうアラートは送られず、このサイトにも保存されていません。',
      incompleteTitle: 'このリンクは不完全です',
      incomplete:
        'リンクにトークンがないか、途中で切れています。メールからリンク全体をもう一度開いてください。',
      offTitle: 'メールアラートは利用できません',
      back: 'アラートのページへ戻る',
    },
    privacy: 'このアドレスについて保存する情報と保存期間：',
    privacyLink: 'プライバシー',
  },
};
