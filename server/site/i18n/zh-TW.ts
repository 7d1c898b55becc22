import { html } from '../html.js';
import type { SafeHtml } from '../html.js';
import type { Messages } from './en.js';

/** The site's words in Traditional Chinese, as written in Taiwan (en.ts says how dictionaries work). */
export const zhTW: Messages = {
  site: {
    name: '用量上限重置追蹤',
    description:
      '以人工整理的歷史紀錄，收錄 Anthropic 旗下 AI 助理 Claude 公開宣布的每一次用量上限重置。' +
      '本站獨立營運，與 Anthropic 沒有任何關係。',
    linkBack: '可免費再利用：若您展示或轉載這些資料，請附上連回本網站的連結。',
    cite: '引用事件頁面時請使用其網址，該網址永遠不會變更。',
  },
  layout: {
    siteNav: '網站導覽',
    nav: {
      latest: '最新',
      sources: '來源',
      docs: 'API 文件',
      alerts: '提醒',
      rss: 'RSS',
      jsonFeed: 'JSON Feed',
    },
    feedTitle: { rss: 'RSS', json: 'JSON Feed', atom: 'Atom' },
    notice: '關於這些資料',
    footer: {
      openApi: 'OpenAPI 文件',
      rss: 'RSS 訂閱',
      jsonFeed: 'JSON Feed',
      atom: 'Atom 訂閱',
      problems: '錯誤代碼',
      privacy: '隱私權',
      freshness: '時效',
    },
    language: '語言',
    yourTime: (time: string) => `當地時間：${time}`,
  },
  format: {
    weekdays: ['週日', '週一', '週二', '週三', '週四', '週五', '週六'],
    months: ['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'],
    dateOnly: '僅日期',
    unknown: '未知',
    notApplicable: '不適用',
    days: { other: '# 天' },
    lessThanADayAgo: '不到一天前',
    daysAgo: { other: '# 天前' },
    ofTotal: (part: string, total: string) => `${part} / ${total}`,
    listSeparator: '、',
    aside: (text: SafeHtml) => html`（${text}）`,
  },
  labels: {
    status: {
      announced: '已公告',
      confirmed: '已確認',
      cancelled: '已取消',
      retracted: '已撤回',
    },
    kind: {
      usage_reset: '用量重置',
      limit_increase: '上限提高',
      credit: '額度補償',
      policy_change: '政策變更',
      incident: '服務異常',
    },
    window: { five_hour: '五小時', weekly: '每週', other: '其他', unspecified: '未說明' },
    plans: { all: '所有方案', subscribers: '所有付費訂閱', unspecified: '未說明' },
    plan: (name: string) => name.charAt(0).toUpperCase() + name.slice(1),
    allocation: { subscription_usage: '訂閱用量', api: 'API', unspecified: '未說明' },
    scope: { broad: '廣泛', limited: '有限', unspecified: '未說明' },
    sourceKind: { social_post: '社群貼文', web_page: '網頁', status_page: '狀態頁面' },
    sourceRole: { original: '原始發布', relay: '轉述' },
    classification: { official: '官方', team_member: '團隊成員', relay: '轉述' },
    priority: { primary: '主要', additional: '補充', context: '背景', optional: '選用' },
  },
  filters: {
    nav: '篩選條件',
    audience: '適用對象',
    window: '時段',
    audiences: { all: '所有人', broad: '廣泛適用', max: 'Max', pro: 'Pro', team: 'Team' },
    windows: { any: '任何時段', five_hour: '五小時', weekly: '每週' },
    label: (audience: string, window: string) => `${audience}，${window}`,
  },
  home: {
    title: '最新重置',
    heading: '用量上限重置：最近一次，以及多久一次',
    latest: '最近一次重置',
    ambiguous: '當天公告了多次重置，先後順序不明，因此以下任何一次都可能是最近一次：',
    noneRecorded: '尚無紀錄',
    noMatch: '沒有符合這些篩選條件的計入重置。',
    windows: (list: string) => `時段：${list}`,
    awaiting: '已公告，等待確認',
    announcedAt: (when: SafeHtml) => html`公告於 ${when}`,
    statedFor: (time: SafeHtml) => html`預定於 ${time}`,
    notCountedYet: '確認之前不會計入。',
    statistics: '統計',
    stats: {
      total: '計入的重置',
      average: '平均間隔',
      longest: '最長間隔',
      measured: '已測量的間隔',
      exact: '精確時間',
    },
    partialSample: '部分間隔涉及僅有日期的紀錄，無法測量；平均值僅根據可測量的間隔計算。',
    history: '計入的重置歷史',
    historyNote:
      '符合篩選條件的已確認用量重置，依時間由新到舊排列。已取消和已撤回的事件仍保留各自的頁面，但不會計入。',
    table: { announced: '公告時間（UTC）', event: '事件', appliesTo: '適用於', windows: '時段' },
    wholeHistory: { other: '完整的計入歷史（# 次重置）→' },
    useData: '使用這些資料',
    links: {
      rss: 'RSS 訂閱',
      jsonFeed: 'JSON Feed',
      sources: '我們追蹤的來源',
      docs: 'API 文件',
      json: '以 JSON 格式取得目前檢視',
    },
    footnote: (revision: SafeHtml, reviewed: SafeHtml, coverage: SafeHtml) =>
      html`內容修訂版本 ${revision} · 來源最近審查於 ${reviewed} · 收錄範圍始於 ${coverage}。`,
  },
  history: {
    title: '計入的重置歷史',
    back: '← 最新重置',
    pages: (where: string) => `歷史紀錄分頁（${where}）`,
    above: '表格上方',
    below: '表格下方',
    newer: '← 較新',
    older: '較舊 →',
    pageOf: (page: string, pages: string) => `第 ${page} 頁，共 ${pages} 頁`,
    summary: (total: string, first: string, last: string) =>
      `符合篩選條件的已確認用量重置共 ${total} 次，依時間由新到舊排列；本頁為第 ${first}–${last} 次。`,
    noSuchPage: '找不到此頁面',
    noPage: (page: string) => `此歷史紀錄沒有第 ${page} 頁。`,
  },
  event: {
    back: '← 最新重置',
    retracted: '已撤回。',
    retractedText: '此紀錄已撤回：保留在此僅供參考，不會計入重置歷史。',
    cancelled: '已取消。',
    cancelledText: '這次重置公告後又被取消：實際上並未發生，不會計入。',
    announced: '已公告，等待確認。',
    announcedText: '確認之前不會計入。即使預定的時間已過，也不代表重置已經發生。',
    posted: (time: SafeHtml) => html`發布於 ${time}`,
    related: '相關事件',
    facts: {
      effective: '生效時間',
      announced: '公告時間',
      appliesTo: '適用於',
      plans: '方案',
      scope: (scope: string) => `（範圍：${scope}）`,
      exclusions: '排除對象',
      windows: '時段',
      allocation: '額度類別',
      counted: '是否計入',
      countedYes: '是，計入重置歷史',
      countedNo: '否',
    },
    sources: '來源',
    retraction: '撤回說明',
    correction: '更正',
    record: {
      heading: '紀錄資訊',
      id: '編號',
      revision: '修訂版本',
      firstPublished: '首次發布',
      revised: '修訂時間',
      address: '網址',
    },
    noSuchEvent: '找不到此事件',
    noEvent: (id: string) => `找不到編號為「${id}」的事件。`,
  },
  sources: {
    title: '來源',
    intro: (reviewed: SafeHtml, json: SafeHtml) =>
      html`本站維護者為掌握公告而追蹤的公開帳號與頁面，以及各來源的所屬關係是如何查證的。此清單的編輯審查時間：${reviewed}。同一份清單也以
      JSON 格式提供：${json}。`,
    priority: (priority: string) => `優先順序：${priority}`,
    inactive: '已停用',
    profile: '個人檔案',
    affiliation: '所屬關係',
    verifiedBy: '查證方式',
    resetEvidence: '重置佐證',
    limitations: '限制',
    lastReviewed: '最近審查',
    unavailable: '來源清單暫時無法使用。',
  },
  docs: {
    title: 'API 文件',
    intro: (userAgent: SafeHtml, etag: SafeHtml) =>
      html`免費的唯讀 JSON API，不需要金鑰。請傳送可識別您用戶端的
      ${userAgent}，將回應快取至少一分鐘（每個回應都帶有 ${etag}），並在顯示資料時附上連回本網站的連結。`,
    openApi: 'OpenAPI 3.1 文件',
    problems: '錯誤代碼',
    below: (operations: SafeHtml, schemas: SafeHtml) => html`下方的${operations}與${schemas}`,
    operations: '作業',
    schemas: '資料模型',
    explorer: '互動式探索工具',
    explorerNote: '（Swagger UI，約 1.7 MB 的 JavaScript）',
    typescript: '在 TypeScript 中使用',
    typedClient: (endpoint: SafeHtml, pkg: SafeHtml, pack: SafeHtml, client: SafeHtml, server: SafeHtml) =>
      html`位於 ${endpoint} 的具型別 tRPC 端點提供相同的作業，快取方式也相同。用戶端套件 ${pkg}（以 ${pack}
      從本服務的原始碼建置；安裝該壓縮檔時須一併安裝其對等相依套件 ${client} 與
      ${server}）為每個輸入和結果提供型別，並將請求遭拒的情況轉換為具型別的錯誤：`,
    typedClientExample: '範例：具型別的用戶端',
    generated: (generator: SafeHtml, fetcher: SafeHtml) =>
      html`也可以用 ${generator} 從 OpenAPI 文件產生型別，再以 ${fetcher} 呼叫 REST 作業：`,
    generatedExample: '範例：從 OpenAPI 文件產生的用戶端',
    plainFetch: (fetch: SafeHtml) => html`或直接以 ${fetch} 呼叫 REST 作業：`,
    fetchExample: '範例：fetch',
    live: '即時狀態',
    liveText: (
      stream: SafeHtml,
      event: SafeHtml,
      status: SafeHtml,
      id: SafeHtml,
      curl: SafeHtml,
      source: SafeHtml,
    ) =>
      html`${stream}（見下方參考資料）以伺服器傳送事件（SSE）持續推送狀態：連線時先傳送一個 ${event}
      事件，內容為 ${status} 的回應本文，之後每次重新發布時再傳送一個，其 ${id} 為內容修訂版本。不妨試試
      ${curl}，或使用任何 ${source}。具型別的用戶端透過 tRPC 訂閱相同的內容：`,
    liveExample: '範例：透過具型別的用戶端取得即時狀態',
    mcp: '在 AI 代理程式中使用（MCP）',
    mcpText: (path: SafeHtml, tools: SafeHtml) =>
      html`位於 ${path} 的 MCP 伺服器（Streamable HTTP、無狀態、JSON
      回應）將每個作業提供為一個唯讀工具：${tools}。工具的結果就是該作業的 JSON
      回應本文；遭拒的輸入會成為工具錯誤，並附帶相同的問題詳細資料。例如，可以這樣將其加入 MCP 用戶端：`,
    mcpExample: '範例：加入 MCP 伺服器',
    webhooks: '讓你自己的程式接收提醒（Webhook）',
    webhooksText: (alertsPage: SafeHtml, post: SafeHtml, challenge: SafeHtml, standard: SafeHtml) =>
      html`如果本伺服器提供 Webhook（${alertsPage}上有登記表單），${post} 可以把你自己的 URL
      登記為某個適用對象和時間範圍的提醒接收位址。該 URL 需原樣傳回第一則訊息中的
      ${challenge}，以證明它確實要接收提醒；此後每則提醒都依照 ${standard} 規格簽署，其資料就是 API
      所提供的事件本身。以下是一個自行登記的接收端：`,
    webhooksExample: '範例：在 Node 上執行的 Webhook 接收端',
    badges: '可放在您網頁上的徽章與卡片',
    badgesText: (
      last: SafeHtml,
      resets: SafeHtml,
      endpoint: SafeHtml,
      filters: SafeHtml,
      status: SafeHtml,
      card: SafeHtml,
    ) =>
      html`${last}（最近一次重置）、${resets}（計入的重置）以及 shields.io 端點 ${endpoint} 接受與 ${status}
      相同的 ${filters} 參數；${card} 則是一張小卡片，任何網站都可以將其嵌入框架中顯示。`,
    badgesExample: '範例：徽章與卡片',
    cardTitle: '最近一次用量上限重置',
    and: '與',
  },
  reference: {
    none: '無',
    any: '任意',
    or: ' 或 ',
    and: ' 且 ',
    arrayOf: (items: SafeHtml) => html`${items} 陣列`,
    always: (value: SafeHtml) => html`固定為 ${value}`,
    oneOf: (values: SafeHtml) => html`可用值：${values}`,
    minimum: (value: SafeHtml) => html`最小值 ${value}`,
    maximum: (value: SafeHtml) => html`最大值 ${value}`,
    greaterThan: (value: SafeHtml) => html`大於 ${value}`,
    lessThan: (value: SafeHtml) => html`小於 ${value}`,
    minLength: (value: SafeHtml) => html`最小長度 ${value}`,
    maxLength: (value: SafeHtml) => html`最大長度 ${value}`,
    minItems: (value: SafeHtml) => html`最少項目數 ${value}`,
    maxItems: (value: SafeHtml) => html`最多項目數 ${value}`,
    pattern: (value: SafeHtml) => html`規則運算式 ${value}`,
    items: (constraint: SafeHtml) => html`每個項目：${constraint}`,
    noParameters: '沒有參數。',
    required: '，必填',
    examples: '範例：',
    parametersOf: (operation: string) => `${operation} 的參數`,
    parameterColumns: ['名稱', '位置', '型別', '限制條件', '預設值', '說明'],
    responsesOf: (operation: string) => `${operation} 的回應`,
    responseColumns: ['狀態碼', '說明', '標頭', '內容'],
    noBody: '無本文',
    sendDefaults: '以這些值傳送',
    send: (operation: string) => `傳送 ${operation}`,
    sendWith: (parameter: string) => `以 ${parameter} 傳送`,
    operationId: '作業編號：',
    parameters: '參數',
    responses: '回應',
    exampleRequest: '請求範例',
    curlExample: (path: string) => `範例：curl ${path}`,
    tryIt: '試用',
    opens: '在此視窗中開啟 JSON 結果。',
    emptyRefused: '省略的參數會使用預設值；API 會拒絕空白的參數。',
    propertiesOf: (schema: string) => `${schema} 的屬性`,
    propertyColumns: ['屬性', '型別', '必填', '限制條件與說明'],
    isRequired: '必填',
    isOptional: '選填',
    type: '型別：',
    operations: '作業',
    schemas: '資料模型',
  },
  explorer: {
    title: 'API 探索工具',
    intro: (reference: SafeHtml) =>
      html`Swagger UI，執行的是本網站自行提供的檔案（約 1.7 MB 的 JavaScript）。${reference}不需要 JavaScript
      也能顯示相同的作業與資料模型，並為每個作業提供試用表單。`,
    reference: 'API 參考資料',
    heading: '作業與資料模型',
    noScript: (reference: SafeHtml, document: SafeHtml) =>
      html`探索工具需要 JavaScript。${reference}與${document}則不需要。`,
    document: 'OpenAPI 文件',
    englishTool: '此工具本身的介面只有英文版。',
  },
  problems: {
    title: '錯誤代碼',
    intro: (type: SafeHtml, json: SafeHtml, code: SafeHtml) =>
      html`錯誤以 ${json} 格式傳回（RFC 9457）。每個回應本文中的 ${type} 是下列某個頁面的網址，${code}
      則是該錯誤的名稱。`,
    columns: { code: '代碼', status: '狀態碼', meaning: '意義' },
    back: '← 所有錯誤代碼',
    shape: '結構',
    example: (code: string) => `${code} 問題範例`,
    shapeNote: (detail: SafeHtml, parameter: SafeHtml) =>
      html`${detail} 說明此請求有什麼問題；若問題出在某個查詢參數上，${parameter} 會指出該參數的名稱。`,
    codes: {
      invalid_parameter: {
        title: '參數無效',
        about: '某個查詢參數的值不為該作業所接受。',
      },
      unknown_parameter: {
        title: '未知的參數',
        about: '請求包含該作業不支援的查詢參數，因此會遭到拒絕，而不是被忽略。',
      },
      repeated_parameter: {
        title: '參數重複',
        about: '同一個查詢參數出現了不只一次。',
      },
      invalid_cursor: {
        title: '游標無效',
        about: '游標格式錯誤、遭到修改，或是為其他查詢所核發。請不帶游標重新開始，或沿用原本的查詢參數。',
      },
      invalid_range: { title: '範圍無效', about: '起點 from 晚於終點 to。' },
      not_found: { title: '找不到', about: '此網址沒有任何資源。' },
      method_not_allowed: {
        title: '不允許的方法',
        about: '本服務為唯讀：請使用 GET 或 HEAD（MCP 端點 /mcp 使用 POST）。Allow 標頭會列出允許的方法。',
      },
      forbidden: {
        title: '禁止存取',
        about:
          '請求來自其他網站的網頁（依其 Origin 標頭判斷）：MCP 端點與提醒訂閱只回應本服務自身的來源網域，以及不傳送 Origin 的用戶端。',
      },
      unsupported_media_type: {
        title: '不支援的媒體類型',
        about: '請求本文不是 JSON：請加上 Content-Type: application/json 傳送。',
      },
      payload_too_large: {
        title: '請求本文過大',
        about:
          '請求本文超過本服務讀取的上限（/mcp 為 64 KiB，/alerts/subscriptions 與 /alerts/webhooks 為 4 KiB，/alerts/email 及其連結為 2 KiB）；請傳送較小的本文。',
      },
      invalid_body: {
        title: '請求本文無效',
        about:
          'JSON 本文不是有效的 JSON、缺少欄位、含有該請求不接受的欄位，或某個欄位的值不被接受；parameter 欄位會指出有問題的欄位名稱。',
      },
      malformed_request: {
        title: '請求格式錯誤',
        about:
          '請求不是有效的 HTTP（請求行或標頭格式錯誤，或請求目標含有未編碼的非 ASCII 位元組）。請將 URL 進行百分比編碼，並傳送格式正確的標頭。',
      },
      request_timeout: {
        title: '請求逾時',
        about: '請求標頭或請求本文未能及時送達，連線已關閉。請重新傳送請求。',
      },
      expectation_failed: {
        title: '無法滿足預期',
        about: '請求帶有本服務無法滿足的 Expect 標頭；請移除該標頭後再傳送。',
      },
      request_too_large: {
        title: '請求標頭欄位過大',
        about: '請求目標或標頭超過本服務讀取的上限（總計 16 KB，最多 200 行標頭）；請將其縮短。',
      },
      rate_limited: {
        title: '請求過多',
        about: '用戶端傳送的請求超過速率限制。請等待 Retry-After 所示的秒數；並將回應快取至少一分鐘。',
      },
      internal_error: {
        title: '內部錯誤',
        about: '服務發生非預期的錯誤。請求本身不需要任何修改，請稍後再試。',
      },
      content_unavailable: {
        title: '內容無法使用',
        about: '已發布的內容遺失或無效，重置資料暫時無法使用。請在 Retry-After 所示的秒數之後重試。',
      },
      service_busy: {
        title: '服務忙碌中',
        about:
          '此伺服器的即時串流已達允許的上限。請在 Retry-After 所示的秒數之後重試，或改為輪詢 /api/v1/status。',
      },
      alerts_unavailable: {
        title: '提醒無法使用',
        about:
          '此伺服器不傳送這類提醒：瀏覽器提醒需要 VAPID 金鑰組，電子郵件需要 SMTP 中繼，Webhook 則需營運者開啟。請改為追蹤 RSS 等訂閱來源或行事曆。',
      },
      subscriptions_full: {
        title: '訂閱已滿',
        about: '這台伺服器儲存的通知訂閱已達上限，目前不再儲存新的訂閱。請改用訂閱源或行事曆，或稍後再試。',
      },
      push_service_unavailable: {
        title: '推播服務無法使用',
        about:
          '瀏覽器訂閱要等其推播服務接收了第一則訊息後才會儲存；這次沒有接收（發生錯誤、未及時回應或要求稍候），因此沒有儲存任何內容。請在 Retry-After 給出的秒數之後重試。',
      },
    },
  },
  errors: {
    pageNotFound: '找不到頁面',
    nothingAt: (path: string) => `${path} 沒有任何內容。`,
    unavailable: '暫時無法使用',
    republishing: '重置資料正在重新發布或無效。請在一分鐘後再試一次。',
    badRequest: '無法顯示此網址',
    badParameter: (parameter: SafeHtml) => html`此頁面不接受查詢參數 ${parameter} 的這個值。`,
    otherwise: (code: SafeHtml) => html`請求失敗，錯誤為 ${code}。`,
    goHome: '前往最新重置',
    sources: '來源',
    docs: 'API 文件',
  },
  alerts: {
    title: '提醒',
    description: '當符合您篩選條件的用量重置獲得確認時，透過瀏覽器通知、電子郵件或 Webhook 請求通知您。',
    heading: '提醒',
    off: '此伺服器不提供提醒功能。',
    elsewhere: (rss: SafeHtml, atom: SafeHtml, json: SafeHtml, calendar: SafeHtml) =>
      html`您也可以改用 RSS 閱讀器追蹤新的重置（${rss}、${atom}、${json}），或訂閱${calendar}。`,
    calendar: '這些重置的行事曆',
    needsScript: '提醒功能需要支援 JavaScript 與通知的瀏覽器。',
    about: '關於提醒',
    unsupported: '此瀏覽器無法顯示提醒。',
    denied:
      '此瀏覽器已封鎖本網站的通知。若要接收提醒，請在瀏覽器的網站設定（網址列旁的圖示）中允許本網站傳送通知，然後重新載入此頁面。',
    ready: (filters: string) => `「${filters}」的用量重置獲得確認時會通知一次，公告時也會通知一次。`,
    subscribe: (filters: string) => `提醒我「${filters}」的重置`,
    subscribed: (filters: SafeHtml) => html`此瀏覽器已開啟「${filters}」的提醒。`,
    switchTo: (filters: string) => `改為提醒「${filters}」`,
    stop: '停止提醒',
    note: '此瀏覽器正在接收提醒——',
    browserOff: '此伺服器不提供瀏覽器提醒。',
    channels: { browser: '在此瀏覽器', email: '透過電子郵件', webhook: '傳到 Webhook' },
    email: {
      intro: (filters: string) =>
        `「${filters}」的用量重置獲得確認時寄出一封郵件，公告時再寄一封。您會先收到一封確認信：確認之前不會寄出任何內容。`,
      label: '電子郵件地址',
      submit: '寄送確認信',
      off: '此伺服器不提供電子郵件提醒。',
    },
    webhook: {
      intro: (filters: string) =>
        `「${filters}」的用量重置獲得確認或公告時，向您的網址傳送 POST 請求：依 Standard Webhooks 簽章的 JSON，或傳給 Discord、Slack 傳入 Webhook 的訊息。`,
      label: 'Webhook 網址',
      submit: '新增 Webhook',
      off: '此伺服器不提供 Webhook。',
      developers: (docs: SafeHtml) =>
        html`開發人員請參閱：JSON 格式、簽章，以及如何管理或刪除 Webhook，詳見${docs}。`,
      docs: 'API 文件',
    },
    notification: {
      title: { confirmed: '已確認：{title}', announced: '已公告：{title}', corrected: '更正：{title}' },
      body: '{when}。適用於：{audience}。時段：{windows}。',
      dateOnly: '{day}（僅日期）',
      unknownTime: '時間未知',
      and: '、',
      welcome: { title: '提醒已開啟', body: '符合您所選篩選條件的新用量重置將通知到此瀏覽器。' },
    },
    script: {
      switching: '正在變更篩選條件…',
      switched: '提醒已改為「{filters}」。',
      switchFailed: '無法變更篩選條件：{reason}',
      turningOn: '正在開啟提醒…',
      notAllowed: '未獲得通知權限，提醒維持關閉。',
      dismissed: '提醒維持關閉：未獲得通知權限。',
      on: '提醒已開啟。',
      onFailed: '無法開啟提醒：{reason}',
      stopping: '正在停止提醒…',
      off: '提醒已關閉。伺服器不會保留此瀏覽器的任何資料。',
      offFailed: '無法停止提醒：{reason}',
      failed: '提醒：{reason}',
      serverAnswered: '伺服器回應了 {status}。',
    },
    page: {
      what: '提醒是指：當符合您篩選條件的用量重置新獲得確認時傳送一則訊息，有重置公告時再傳送一則。可選擇此瀏覽器的通知、電子郵件或傳到您 Webhook 的請求。事後補登的歷史紀錄與更正不會傳送提醒，除非策展人要求傳送。',
      forFilters: (filters: SafeHtml) => html`這些提醒適用於「${filters}」。`,
      otherFilters: '在最新重置頁面選擇其他篩選條件',
      thenTurnOn: '，然後在該頁開啟提醒。',
      stored: '儲存哪些資料',
      storedText:
        '只保存各管道送達所需的資料：瀏覽器是其推播服務提供的位址與用來加密訊息的兩把金鑰；電子郵件是信箱地址與郵件語言；Webhook 是其網址與簽章密鑰；以及所選的篩選條件。停止提醒、取消訂閱或刪除 Webhook 即會刪除這些資料。',
      privacyLink: '隱私權：確切保存哪些資料、保存多久，以及如何刪除',
    },
  },
  webhooks: {
    title: 'Webhook 已註冊',
    onlyNow:
      '以下內容只會在這個頁面顯示這一次，之後無法再查看，請立即複製保存。金鑰用來驗證每則訊息的簽章，權杖用來查看或刪除這個 Webhook。',
    id: 'Webhook ID',
    secret: '簽章金鑰',
    token: '管理權杖',
    url: '傳送網址',
    filters: '提醒範圍',
    status: '狀態',
    active: '已啟用：這個網址已依要求回應驗證，提醒將會傳送到這裡。',
    pending:
      '待驗證：這個網址沒有依要求回應驗證，因此不會傳送提醒給它。等它能正確回應後，請重新註冊。待驗證的 Webhook 會在 2 天後刪除。',
    answered: '網址的回應：',
    manage: (get: SafeHtml, header: SafeHtml, remove: SafeHtml) =>
      html`若要查看狀態，請加上標頭 ${header} 傳送 ${get}；若要刪除它，請加上同樣的標頭傳送 ${remove}。`,
    back: '返回提醒頁面',
  },
  freshness: {
    title: '時效',
    intro:
      '每個事件多快進入本紀錄：從提供者發文到監看程式發現、到在此發布、到第一則通知送達所花的分鐘數。僅針對從線索發布的事件進行測量。',
    none: '目前還沒有從線索發布的事件。第一個將顯示在這裡。',
    summary: '最新事件的統計',
    measure: '指標',
    median: '中位數',
    worst: '最慢',
    toLead: '到線索',
    toPublish: '到發布',
    toAlert: '到第一則通知',
    events: '最新事件',
    event: '事件',
    posted: '發文時間',
    noAlert: '尚無',
    minutes: { other: '# 分鐘' },
  },
  privacy: {
    title: '隱私權',
    intro:
      '本網站不設定 Cookie、不執行任何流量分析，也不會向其他網站發出請求：所有頁面、樣式與指令碼都來自本伺服器。',
    alerts: '瀏覽器提醒',
    whenOn: (alerts: SafeHtml) => html`當您開啟${alerts}時，伺服器會為該瀏覽器儲存：`,
    alertsLink: '提醒',
    stored: {
      endpoint: '瀏覽器的推播服務為其提供的推播端點網址；',
      keys: (p256dh: SafeHtml, auth: SafeHtml) =>
        html`它的兩把金鑰 ${p256dh} 與 ${auth}，用來加密傳給它的訊息；`,
      filters: '您選擇的篩選條件（適用對象與時段）；',
      times: '訂閱的建立時間，以及最近一次續訂的時間。',
    },
    welcome:
      '儲存之前，伺服器會透過您瀏覽器的推播服務傳送一則訊息，瀏覽器會將其顯示為「提醒已開啟」通知；如果推播服務沒有接收，就不會儲存任何內容。',
    deliveries:
      '每傳送一則提醒，伺服器都會保留一筆傳送紀錄：哪則提醒、傳給哪個訂閱、結果如何，以及傳送時間。',
    howLong: '保存多久',
    keptUntil: '訂閱會一直保留，直到以下任一情況最先發生：',
    until: {
      stop: (page: SafeHtml) => html`您停止提醒（使用${page}上的控制項）；`,
      permission: '您移除了本網站的通知權限：之後推播服務會回應 404 或 410，訂閱隨即刪除；',
      gone: '推播服務表示該訂閱已失效；',
      expiry: '訂閱本身的到期時間（若推播服務有設定）；',
      renewed: '控制項最後一次為其續訂後滿 400 天（每次造訪含有該控制項的頁面都會續訂）。',
    },
    alertsPage: '提醒頁面',
    deliveriesKept: '傳送紀錄保留 30 天。',
    inBrowser:
      '在您的瀏覽器中，篩選條件也會連同頁面的語言、通知用語以及開啟提醒的頁面網址一起保存在本網站自己的儲存空間裡，以便續訂提醒；停止提醒即會將其刪除。',
    channels: {
      email: '電子郵件提醒',
      emailStored: '申請電子郵件提醒後，伺服器會保存：',
      emailAddress: '電子郵件地址，以及您提出申請的頁面語言（郵件以該語言撰寫）；',
      emailTokens: '確認連結中權杖的雜湊值（絕不保存權杖本身），以及每封提醒郵件所附取消訂閱連結的權杖；',
      emailTimes: '所選的篩選條件、地址新增的時間、最近一次寄出確認信的時間與確認的時間。',
      emailKept:
        '無人確認的地址會在 2 天後刪除。已確認的地址會一直保存，直到您取消訂閱（每封郵件中的連結，或郵件軟體的取消訂閱按鈕），或郵件伺服器永久拒收為止。傳送紀錄保存 30 天。',
      webhook: 'Webhook',
      webhookStored: '新增 Webhook 後，伺服器會保存：',
      webhookUrl: '其網址，以及所選的篩選條件；',
      webhookSecret: '用來簽署請求的密鑰，以及管理該 Webhook 之權杖的雜湊值；',
      webhookLast: '最近一次傳送的時間及其收到的 HTTP 狀態碼。',
      webhookKept:
        '始終未確認的 Webhook 會在 2 天後刪除；已啟用的 Webhook 會一直保存，直到您用權杖刪除，或它永久無法送達為止。傳送紀錄保存 30 天。',
    },
    logs: '存取記錄檔',
    logsText:
      '每個請求都會在存取記錄檔中留下一行，內含用戶端的 IP 位址、使用者代理程式、路徑與狀態碼。記錄檔保存多久，取決於營運者的記錄檔輪替設定。',
    delete: '如何刪除',
    deleteText: (stop: SafeHtml, page: SafeHtml, request: SafeHtml, body: SafeHtml) =>
      html`在${page}上按下${stop}：這會同時刪除伺服器上與您瀏覽器中的訂閱。程式也可以傳送 ${request}，並附上
      JSON 本文 ${body}，達到相同效果。`,
  },
  embed: {
    title: '最近一次用量上限重置',
    couldBeLatest: { other: '當天有 # 次重置都可能是最近一次，先後順序不明。' },
    seeThem: '查看這些重置',
    noneRecorded: '尚無紀錄',
    announced: '已公告，尚未計入',
    statedFor: (time: SafeHtml) => html`預定於 ${time}`,
    announcedAt: (when: SafeHtml) => html`公告於 ${when}`,
    unavailable: '內容無效，卡片暫時無法顯示。',
  },
  calendar: {
    heading: '最近 53 週',
    caption: (first: string, last: string, filters: string) =>
      `「${filters}」的重置（依 UTC 日期），${first} 至 ${last}；每欄為一週，週日在最上方。`,
    region: '重置行事曆，可捲動',
    weekday: '星期',
    week: (firstDay: string) => `${firstDay} 起的一週`,
    legend: {
      exact: '重置，有精確時間',
      dateOnly: '重置，僅日期',
      announced: '已公告，等待確認',
      outside: '收錄範圍之外',
      none: '無重置',
    },
    resets: { other: '# 次重置' },
    dateOnly: '僅日期',
    announced: '已公告，等待確認',
    outside: '收錄範圍之外',
    at: (time: string) => `${time} UTC`,
    countedAt: (resets: string, times: string) => `${resets}（${times}）`,
    separators: { what: '，', clause: '；', title: '：', more: '，' },
    more: { other: '另有 # 次，詳見歷史紀錄' },
  },
  charts: {
    links: (links: SafeHtml) => html`資料：${links}`,
    resetsJson: '計入的重置（JSON）',
    statusJson: '狀態與統計（JSON）',
    resetsCsv: '計入的重置（CSV）',
    omitted: (shown: string, total: string, history: SafeHtml) =>
      html`圖表顯示 ${total} 次計入重置中最近的 ${shown} 次；完整歷史請見${history}以及 API。`,
    historyPages: '歷史紀錄頁面',
    timeline: {
      title: (filters: string) => `計入重置的時間軸（${filters}）`,
      described: (count: string, first: string, last: string, exact: string, dated: string) =>
        `${first} 至 ${last} 共有 ${count}：其中 ${exact} 次有精確時間（實心圓），${dated} 次只有日期（空心菱形）。`,
      counted: { other: '# 次計入的重置' },
      none: '沒有符合這些篩選條件的計入重置。',
      ambiguous: (day: string) => `最新的一天（${day}）有多次先後順序不明的重置（以陰影標示）。`,
      announced: (title: string, when: string) =>
        `已公告但未計入（虛線圓環，獨立一列）：${title}，公告於 ${when}。`,
      orderUnknown: '順序不明',
      lane: '已公告，未計入',
      exact: '精確時間',
      dateOnly: '僅日期',
      markDateOnly: (day: string) => `${day}（僅日期）`,
      markAt: (day: string, time: string) => `${day} ${time} UTC`,
    },
    gaps: {
      title: (filters: string) => `計入重置之間的間隔（${filters}）`,
      gap: (from: string, to: string, length: string) => `${from} 至 ${to}：${length}`,
      unmeasurable: '無法測量（涉及僅有日期的重置）',
      tooFew: '符合這些篩選條件的計入重置少於兩次，因此沒有可顯示的間隔。',
      described: (gaps: string, measured: string, unmeasured: string) =>
        `相鄰兩次計入重置之間共有 ${gaps}，依時間順序排列：其中 ${measured} 個已測量（長條長度代表天數），另有 ${unmeasured} 個無法測量，因為它們涉及或可能跨越一次只知道日期的重置（虛線外框）。`,
      count: { other: '# 個間隔' },
      averageLongest: (average: string, longest: string, from: string, to: string) =>
        `已測量間隔的平均值為 ${average}（虛線）；最長為 ${longest}，從 ${from} 到 ${to}（醒目標示）。`,
      noAverage: '沒有可測量的間隔，因此沒有平均值。',
      dayTick: (days: string) => `${days} 天`,
      longest: (days: string) => `最長 ${days}`,
      average: (days: string) => `平均 ${days}`,
      measuredKey: '已測量的間隔（依長度）',
      longestKey: '最長',
      unmeasuredKey: '無法測量：涉及僅有日期的重置',
      averageKey: (days: string) => `平均值：${days}`,
    },
  },
  email: {
    confirm: {
      subject: '請確認您的電子郵件提醒',
      why: '有人（很可能是您）申請將 Claude 用量上限重置的電子郵件提醒寄到這個信箱。',
      filters: '申請的提醒範圍：',
      action: '若要開始接收提醒，請開啟確認頁面並按下頁面上的按鈕：',
      button: '開啟確認頁面',
      ignore:
        '如果您沒有提出申請，請忽略這封郵件：未經確認，我們不會寄送任何內容到這個信箱，之後也不會再寄信給您。',
    },
    alert: {
      intro: '有一則用量重置符合您的電子郵件提醒條件：',
      details: '事件詳細資訊與來源：',
      why: '您會收到這封郵件，是因為這個信箱在本站訂閱了電子郵件提醒並已完成確認。',
      unsubscribe: '取消訂閱這些提醒',
    },
    page: {
      sentTitle: '請查看您的信箱',
      sent: '如果該地址可以收信，確認信已寄出。開啟信中的連結並按下頁面上的按鈕即可開始接收提醒；在此之前不會寄出任何內容。',
      confirmTitle: '確認電子郵件提醒',
      confirm: '按下按鈕，即可開始向收到此連結的地址寄送電子郵件提醒。',
      confirmButton: '確認電子郵件提醒',
      confirmedTitle: '電子郵件提醒已確認',
      confirmed: (filters: string) =>
        `「${filters}」的用量重置獲得確認時，此地址會收到一封郵件，公告時再收到一封。每封郵件都附有取消訂閱連結。`,
      expiredTitle: '此連結已過期或已使用過',
      expired: '確認連結只能使用一次，有效期限 2 天。若要接收電子郵件提醒，請在提醒頁面重新申請。',
      unsubscribeTitle: '取消訂閱電子郵件提醒',
      unsubscribe: '按下按鈕，即可停止寄送電子郵件提醒到收到此連結的地址，並從本網站刪除該地址。',
      unsubscribeButton: '取消訂閱',
      unsubscribedTitle: '已取消訂閱',
      unsubscribed: '此地址不會再收到提醒，本網站也不再保存該地址。',
      incompleteTitle: '此連結不完整',
      incomplete: '連結缺少權杖或已被截斷。請從郵件中重新開啟完整的連結。',
      offTitle: '無法使用電子郵件提醒',
      back: '返回提醒頁面',
    },
    privacy: '我們保存這個信箱的哪些資料、保存多久：',
    privacyLink: '隱私權',
  },
};
