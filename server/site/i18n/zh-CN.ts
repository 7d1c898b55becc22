import { html } from '../html.js';
import type { SafeHtml } from '../html.js';
import type { Messages } from './en.js';

/** The site's words in Simplified Chinese (en.ts says how dictionaries work). */
export const zhCN: Messages = {
  site: {
    name: '用量上限重置追踪',
    description:
      '人工整理的历史记录，收录 Anthropic 旗下 AI 助手 Claude 公开宣布的每一次用量上限重置。' +
      '本站独立运营，与 Anthropic 没有任何关联。',
    linkBack: '可免费再利用：如展示或转载这些数据，请附上指向本站的链接。',
    cite: '引用事件页面时请使用其网址，该网址永远不会改变。',
  },
  layout: {
    siteNav: '网站导航',
    nav: {
      latest: '最新',
      sources: '来源',
      docs: 'API 文档',
      alerts: '提醒',
      rss: 'RSS',
      jsonFeed: 'JSON Feed',
    },
    feedTitle: { rss: 'RSS', json: 'JSON Feed', atom: 'Atom' },
    notice: '关于这些数据',
    footer: {
      openApi: 'OpenAPI 文档',
      rss: 'RSS 订阅源',
      jsonFeed: 'JSON Feed',
      atom: 'Atom 订阅源',
      problems: '错误代码',
      privacy: '隐私',
      freshness: '时效',
    },
    language: '语言',
    yourTime: (time: string) => `当地时间：${time}`,
  },
  format: {
    weekdays: ['周日', '周一', '周二', '周三', '周四', '周五', '周六'],
    months: ['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'],
    dateOnly: '仅日期',
    unknown: '未知',
    notApplicable: '不适用',
    days: { other: '# 天' },
    lessThanADayAgo: '不到一天前',
    daysAgo: { other: '# 天前' },
    ofTotal: (part: string, total: string) => `${part} / ${total}`,
    listSeparator: '、',
    aside: (text: SafeHtml) => html`（${text}）`,
  },
  labels: {
    status: {
      announced: '已宣布',
      confirmed: '已确认',
      cancelled: '已取消',
      retracted: '已撤回',
    },
    kind: {
      usage_reset: '用量重置',
      limit_increase: '上限提高',
      credit: '额度补偿',
      policy_change: '政策变更',
      incident: '服务故障',
    },
    window: { five_hour: '五小时', weekly: '每周', other: '其他', unspecified: '未说明' },
    plans: { all: '所有套餐', subscribers: '所有付费订阅', unspecified: '未说明' },
    plan: (name: string) => name.charAt(0).toUpperCase() + name.slice(1),
    allocation: { subscription_usage: '订阅用量', api: 'API', unspecified: '未说明' },
    scope: { broad: '广泛', limited: '有限', unspecified: '未说明' },
    sourceKind: { social_post: '社交媒体帖子', web_page: '网页', status_page: '状态页' },
    sourceRole: { original: '原始发布', relay: '转述' },
    classification: { official: '官方', team_member: '团队成员', relay: '转述' },
    priority: { primary: '主要', additional: '补充', context: '背景', optional: '可选' },
  },
  filters: {
    nav: '筛选条件',
    audience: '适用对象',
    window: '窗口',
    audiences: { all: '所有人', broad: '广泛适用', max: 'Max', pro: 'Pro', team: 'Team' },
    windows: { any: '任意窗口', five_hour: '五小时', weekly: '每周' },
    label: (audience: string, window: string) => `${audience}，${window}`,
  },
  home: {
    title: '最新重置',
    heading: '用量上限重置：最近一次，以及多久一次',
    latest: '最近一次重置',
    ambiguous: '当天宣布了多次重置，先后顺序未知，因此以下任何一次都可能是最近一次：',
    noneRecorded: '暂无记录',
    noMatch: '没有符合这些筛选条件的计入重置。',
    windows: (list: string) => `窗口：${list}`,
    awaiting: '已宣布，待确认',
    announcedAt: (when: SafeHtml) => html`宣布于 ${when}`,
    statedFor: (time: SafeHtml) => html`预定于 ${time}`,
    notCountedYet: '确认之前不计入。',
    statistics: '统计',
    stats: {
      total: '计入的重置',
      average: '平均间隔',
      longest: '最长间隔',
      measured: '已测量的间隔',
      exact: '精确时间',
    },
    partialSample: '部分间隔涉及仅有日期的记录，无法测量；平均值仅根据可测量的间隔计算。',
    history: '计入的重置历史',
    historyNote:
      '符合筛选条件的已确认用量重置，按时间从新到旧排列。已取消和已撤回的事件仍保留各自的页面，但不计入。',
    table: { announced: '宣布时间（UTC）', event: '事件', appliesTo: '适用于', windows: '窗口' },
    wholeHistory: { other: '完整的计入历史（# 次重置）→' },
    useData: '使用这些数据',
    links: {
      rss: 'RSS 订阅源',
      jsonFeed: 'JSON Feed',
      sources: '我们关注的来源',
      docs: 'API 文档',
      json: '以 JSON 格式获取当前视图',
    },
    footnote: (revision: SafeHtml, reviewed: SafeHtml, coverage: SafeHtml) =>
      html`内容修订版本 ${revision} · 来源最近审核于 ${reviewed} · 收录范围始于 ${coverage}。`,
  },
  history: {
    title: '计入的重置历史',
    back: '← 最新重置',
    pages: (where: string) => `历史记录分页（${where}）`,
    above: '表格上方',
    below: '表格下方',
    newer: '← 较新',
    older: '较旧 →',
    pageOf: (page: string, pages: string) => `第 ${page} 页，共 ${pages} 页`,
    summary: (total: string, first: string, last: string) =>
      `符合筛选条件的已确认用量重置共 ${total} 次，按时间从新到旧排列；本页为第 ${first}–${last} 次。`,
    noSuchPage: '页面不存在',
    noPage: (page: string) => `此历史记录没有第 ${page} 页。`,
  },
  event: {
    back: '← 最新重置',
    retracted: '已撤回。',
    retractedText: '此记录已撤回：保留在此仅供参考，不计入重置历史。',
    cancelled: '已取消。',
    cancelledText: '此次重置宣布后又被取消：它并未发生，不计入。',
    announced: '已宣布，待确认。',
    announcedText: '确认之前不计入。即使预定的时间已过，也不代表重置已经发生。',
    posted: (time: SafeHtml) => html`发布于 ${time}`,
    related: '相关事件',
    facts: {
      effective: '生效时间',
      announced: '宣布时间',
      appliesTo: '适用于',
      plans: '套餐',
      scope: (scope: string) => `（范围：${scope}）`,
      exclusions: '排除对象',
      windows: '窗口',
      allocation: '额度类别',
      counted: '是否计入',
      countedYes: '是，计入重置历史',
      countedNo: '否',
    },
    sources: '来源',
    retraction: '撤回说明',
    correction: '更正',
    record: {
      heading: '记录信息',
      id: '编号',
      revision: '修订版本',
      firstPublished: '首次发布',
      revised: '修订时间',
      address: '网址',
    },
    noSuchEvent: '事件不存在',
    noEvent: (id: string) => `不存在编号为“${id}”的事件。`,
  },
  sources: {
    title: '来源',
    intro: (reviewed: SafeHtml, json: SafeHtml) =>
      html`本站维护者为获取公告而关注的公开账号和页面，以及每个来源的隶属关系是如何核实的。此列表的编辑审核时间：${reviewed}。同一列表也以
      JSON 格式提供：${json}。`,
    priority: (priority: string) => `优先级：${priority}`,
    inactive: '已停用',
    profile: '主页',
    affiliation: '隶属关系',
    verifiedBy: '核实方式',
    resetEvidence: '重置佐证',
    limitations: '局限',
    lastReviewed: '最近审核',
    unavailable: '来源列表暂时无法使用。',
  },
  docs: {
    title: 'API 文档',
    intro: (userAgent: SafeHtml, etag: SafeHtml) =>
      html`免费的只读 JSON API，无需密钥。请发送能标识你的客户端的
      ${userAgent}，将响应缓存至少一分钟（每个响应都带有 ${etag}），并在展示数据时附上指向本站的链接。`,
    openApi: 'OpenAPI 3.1 文档',
    problems: '错误代码',
    below: (operations: SafeHtml, schemas: SafeHtml) => html`下文的${operations}与${schemas}`,
    operations: '操作',
    schemas: '数据模型',
    explorer: '交互式探索工具',
    explorerNote: '（Swagger UI，约 1.7 MB 的 JavaScript）',
    typescript: '在 TypeScript 中使用',
    typedClient: (endpoint: SafeHtml, pkg: SafeHtml, pack: SafeHtml, client: SafeHtml, server: SafeHtml) =>
      html`位于 ${endpoint} 的类型化 tRPC 端点提供相同的操作，缓存方式也相同。客户端包 ${pkg}（用 ${pack}
      从本服务的源代码构建；安装该压缩包时须同时安装其对等依赖 ${client} 和
      ${server}）为每个输入和结果提供类型，并将请求被拒绝的情况转换为类型化错误：`,
    typedClientExample: '示例：类型化客户端',
    generated: (generator: SafeHtml, fetcher: SafeHtml) =>
      html`也可以用 ${generator} 从 OpenAPI 文档生成类型，再用 ${fetcher} 调用 REST 操作：`,
    generatedExample: '示例：从 OpenAPI 文档生成的客户端',
    plainFetch: (fetch: SafeHtml) => html`或者直接用 ${fetch} 调用 REST 操作：`,
    fetchExample: '示例：fetch',
    live: '实时状态',
    liveText: (
      stream: SafeHtml,
      event: SafeHtml,
      status: SafeHtml,
      id: SafeHtml,
      curl: SafeHtml,
      source: SafeHtml,
    ) =>
      html`${stream}（见下方参考）以服务器发送事件（SSE）的形式持续推送状态：连接时先发送一个 ${event}
      事件，内容为 ${status} 的响应体，此后每次重新发布时再发送一个，其 ${id} 为内容修订版本。可以试试
      ${curl}，或使用任意 ${source}。类型化客户端通过 tRPC 订阅同样的内容：`,
    liveExample: '示例：通过类型化客户端获取实时状态',
    mcp: '在 AI 智能体中使用（MCP）',
    mcpText: (path: SafeHtml, tools: SafeHtml) =>
      html`位于 ${path} 的 MCP 服务器（Streamable HTTP，无状态，JSON
      响应）将每个操作作为一个只读工具提供：${tools}。工具的结果就是该操作的 JSON
      响应体；被拒绝的输入会成为工具错误，并附带相同的问题详情。例如，可以这样将其添加到 MCP 客户端：`,
    mcpExample: '示例：添加 MCP 服务器',
    webhooks: '让你自己的程序接收提醒（Webhook）',
    webhooksText: (alertsPage: SafeHtml, post: SafeHtml, challenge: SafeHtml, standard: SafeHtml) =>
      html`如果本服务器提供 Webhook（${alertsPage}上有登记表单），${post} 可以把你自己的 URL
      登记为某个适用对象和时间窗口的提醒接收地址。该 URL 需原样返回第一条消息中的
      ${challenge}，以证明它确实要接收提醒；此后每条提醒都按 ${standard} 规范签名，其数据就是 API
      所提供的事件本身。下面是一个自行登记的接收端：`,
    webhooksExample: '示例：在 Node 上运行的 Webhook 接收端',
    badges: '用于你网页的徽章和卡片',
    badgesText: (
      last: SafeHtml,
      resets: SafeHtml,
      endpoint: SafeHtml,
      filters: SafeHtml,
      status: SafeHtml,
      card: SafeHtml,
    ) =>
      html`${last}（最近一次重置）、${resets}（计入的重置）以及 shields.io 端点 ${endpoint} 接受与 ${status}
      相同的 ${filters} 参数；${card} 是一张小卡片，任何网站都可以将其嵌入框架中显示。`,
    badgesExample: '示例：徽章和卡片',
    cardTitle: '最近一次用量上限重置',
    and: '和',
  },
  reference: {
    none: '无',
    any: '任意',
    or: ' 或 ',
    and: ' 且 ',
    arrayOf: (items: SafeHtml) => html`${items} 数组`,
    always: (value: SafeHtml) => html`固定为 ${value}`,
    oneOf: (values: SafeHtml) => html`可选值：${values}`,
    minimum: (value: SafeHtml) => html`最小值 ${value}`,
    maximum: (value: SafeHtml) => html`最大值 ${value}`,
    greaterThan: (value: SafeHtml) => html`大于 ${value}`,
    lessThan: (value: SafeHtml) => html`小于 ${value}`,
    minLength: (value: SafeHtml) => html`最小长度 ${value}`,
    maxLength: (value: SafeHtml) => html`最大长度 ${value}`,
    minItems: (value: SafeHtml) => html`最少项数 ${value}`,
    maxItems: (value: SafeHtml) => html`最多项数 ${value}`,
    pattern: (value: SafeHtml) => html`正则表达式 ${value}`,
    items: (constraint: SafeHtml) => html`每一项：${constraint}`,
    noParameters: '无参数。',
    required: '，必填',
    examples: '示例：',
    parametersOf: (operation: string) => `${operation} 的参数`,
    parameterColumns: ['名称', '位置', '类型', '约束', '默认值', '说明'],
    responsesOf: (operation: string) => `${operation} 的响应`,
    responseColumns: ['状态码', '说明', '响应头', '内容'],
    noBody: '无响应体',
    sendDefaults: '使用这些值发送',
    send: (operation: string) => `发送 ${operation}`,
    sendWith: (parameter: string) => `使用 ${parameter} 发送`,
    operationId: '操作编号：',
    parameters: '参数',
    responses: '响应',
    exampleRequest: '请求示例',
    curlExample: (path: string) => `示例：curl ${path}`,
    tryIt: '试一试',
    opens: '在当前窗口中打开 JSON 结果。',
    emptyRefused: '省略的参数取其默认值；API 会拒绝值为空的参数。',
    propertiesOf: (schema: string) => `${schema} 的属性`,
    propertyColumns: ['属性', '类型', '必填', '约束与说明'],
    isRequired: '必填',
    isOptional: '可选',
    type: '类型：',
    operations: '操作',
    schemas: '数据模型',
  },
  explorer: {
    title: 'API 探索工具',
    intro: (reference: SafeHtml) =>
      html`Swagger UI，运行的是本站自己托管的文件（约 1.7 MB 的 JavaScript）。${reference}无需 JavaScript
      即可展示相同的操作和数据模型，并为每个操作提供一个试用表单。`,
    reference: 'API 参考',
    heading: '操作与数据模型',
    noScript: (reference: SafeHtml, document: SafeHtml) =>
      html`探索工具需要 JavaScript。${reference}和${document}则不需要。`,
    document: 'OpenAPI 文档',
    englishTool: '该工具本身的界面只有英文版。',
  },
  problems: {
    title: '错误代码',
    intro: (type: SafeHtml, json: SafeHtml, code: SafeHtml) =>
      html`错误以 ${json} 格式返回（RFC 9457）。每个响应体中的 ${type} 是下列某个页面的网址，${code}
      则给出该错误的名称。`,
    columns: { code: '代码', status: '状态码', meaning: '含义' },
    back: '← 所有错误代码',
    shape: '结构',
    example: (code: string) => `${code} 问题示例`,
    shapeNote: (detail: SafeHtml, parameter: SafeHtml) =>
      html`${detail} 说明此请求出了什么问题；如果问题出在某个查询参数上，${parameter} 会给出该参数的名称。`,
    codes: {
      invalid_parameter: {
        title: '参数无效',
        about: '某个查询参数的值不被该操作接受。',
      },
      unknown_parameter: {
        title: '未知参数',
        about: '请求中包含该操作不支持的查询参数，因此会被拒绝，而不是被忽略。',
      },
      repeated_parameter: {
        title: '参数重复',
        about: '同一个查询参数出现了不止一次。',
      },
      invalid_cursor: {
        title: '游标无效',
        about: '游标格式错误、已被修改，或是为其他查询签发的。请不带游标重新开始，或沿用原来的查询参数。',
      },
      invalid_range: { title: '范围无效', about: '起点 from 晚于终点 to。' },
      not_found: { title: '未找到', about: '此网址下不存在任何资源。' },
      method_not_allowed: {
        title: '不允许的方法',
        about: '本服务为只读：请使用 GET 或 HEAD（MCP 端点 /mcp 使用 POST）。Allow 响应头列出了允许的方法。',
      },
      forbidden: {
        title: '禁止访问',
        about:
          '请求来自其他网站的网页（依据其 Origin 请求头）：MCP 端点和提醒订阅只响应本服务自身的源，以及不发送 Origin 的客户端。',
      },
      unsupported_media_type: {
        title: '不支持的媒体类型',
        about: '请求体不是 JSON：请带上 Content-Type: application/json 发送。',
      },
      payload_too_large: {
        title: '请求体过大',
        about:
          '请求体超出了本服务读取的上限（/mcp 为 64 KiB，/alerts/subscriptions 与 /alerts/webhooks 为 4 KiB，/alerts/email 及其链接为 2 KiB）；请发送更小的请求体。',
      },
      invalid_body: {
        title: '请求体无效',
        about:
          'JSON 请求体不是有效的 JSON、缺少字段、包含该请求不接受的字段，或某个字段的值不被接受；parameter 字段会给出出错字段的名称。',
      },
      malformed_request: {
        title: '请求格式错误',
        about:
          '请求不是有效的 HTTP（请求行或请求头格式错误，或请求目标中含有未编码的非 ASCII 字节）。请对 URL 进行百分号编码，并发送格式正确的请求头。',
      },
      request_timeout: {
        title: '请求超时',
        about: '请求头或请求正文未能及时到达，连接已关闭。请重新发送请求。',
      },
      expectation_failed: {
        title: '无法满足期望',
        about: '请求带有本服务无法满足的 Expect 请求头；请去掉该请求头后再发送。',
      },
      request_too_large: {
        title: '请求头字段过大',
        about: '请求目标或请求头超出了本服务读取的上限（总计 16 KB，最多 200 行请求头）；请将其缩短。',
      },
      rate_limited: {
        title: '请求过多',
        about: '客户端发送的请求超出了速率限制。请等待 Retry-After 中给出的秒数；并将响应缓存至少一分钟。',
      },
      internal_error: {
        title: '内部错误',
        about: '服务意外出错。请求本身无需任何更改，请稍后重试。',
      },
      content_unavailable: {
        title: '内容不可用',
        about: '已发布的内容缺失或无效，重置数据暂时不可用。请在 Retry-After 给出的秒数之后重试。',
      },
      service_busy: {
        title: '服务繁忙',
        about:
          '此服务器的实时数据流已达到允许的上限。请在 Retry-After 给出的秒数之后重试，或改为轮询 /api/v1/status。',
      },
      alerts_unavailable: {
        title: '提醒不可用',
        about:
          '此服务器不发送这类提醒：浏览器提醒需要 VAPID 密钥对，电子邮件需要 SMTP 中继，Webhook 则需运营者开启。请改为关注订阅源或日历。',
      },
      subscriptions_full: {
        title: '订阅已满',
        about: '此服务器保存的提醒订阅已达上限，目前不再保存新的订阅。请改用订阅源或日历，或稍后再试。',
      },
      push_service_unavailable: {
        title: '推送服务不可用',
        about:
          '浏览器订阅要等其推送服务接收了第一条消息后才会保存；这次没有接收（出错、未及时应答或要求稍候），因此没有保存任何内容。请在 Retry-After 给出的秒数之后重试。',
      },
    },
  },
  errors: {
    pageNotFound: '找不到页面',
    nothingAt: (path: string) => `${path} 下没有任何内容。`,
    unavailable: '暂时无法使用',
    republishing: '重置数据正在重新发布或无效。请一分钟后再试。',
    badRequest: '无法显示此网址',
    badParameter: (parameter: SafeHtml) => html`此页面不接受查询参数 ${parameter} 的这个值。`,
    otherwise: (code: SafeHtml) => html`请求失败，错误为 ${code}。`,
    goHome: '前往最新重置',
    sources: '来源',
    docs: 'API 文档',
  },
  alerts: {
    title: '提醒',
    description: '当符合你筛选条件的用量重置得到确认时，通过浏览器通知、邮件或 Webhook 请求告诉你。',
    heading: '提醒',
    off: '此服务器不提供提醒功能。',
    elsewhere: (rss: SafeHtml, atom: SafeHtml, json: SafeHtml, calendar: SafeHtml) =>
      html`你也可以改用 RSS 阅读器关注新的重置（${rss}、${atom}、${json}），或订阅${calendar}。`,
    calendar: '这些重置的日历',
    needsScript: '提醒功能需要支持 JavaScript 和通知的浏览器。',
    about: '关于提醒',
    unsupported: '此浏览器无法显示提醒。',
    denied:
      '此浏览器已阻止本站发送通知。如需接收提醒，请在浏览器的网站设置（地址栏旁的图标）中允许本站发送通知，然后重新加载此页面。',
    ready: (filters: string) => `“${filters}”的用量重置得到确认时会通知一次，宣布时也会通知一次。`,
    subscribe: (filters: string) => `提醒我“${filters}”的重置`,
    subscribed: (filters: SafeHtml) => html`此浏览器已开启“${filters}”的提醒。`,
    switchTo: (filters: string) => `改为提醒“${filters}”`,
    stop: '停止提醒',
    note: '此浏览器正在接收提醒——',
    browserOff: '此服务器不提供浏览器提醒。',
    channels: { browser: '在此浏览器中', email: '通过邮件', webhook: '发送到 Webhook' },
    email: {
      intro: (filters: string) =>
        `“${filters}”的用量重置得到确认时发送一封邮件，宣布时再发送一封。首先会收到一封确认邮件：确认之前不会发送任何内容。`,
      label: '邮箱地址',
      submit: '发送确认邮件',
      off: '此服务器不提供邮件提醒。',
    },
    webhook: {
      intro: (filters: string) =>
        `“${filters}”的用量重置得到确认或宣布时，向你的 URL 发送 POST 请求：按 Standard Webhooks 签名的 JSON，或发往 Discord、Slack 传入 Webhook 的消息。`,
      label: 'Webhook 地址',
      submit: '添加 Webhook',
      off: '此服务器不提供 Webhook。',
      developers: (docs: SafeHtml) =>
        html`开发者请看：JSON 格式、签名以及如何管理或删除 Webhook，详见${docs}。`,
      docs: 'API 文档',
    },
    notification: {
      title: { confirmed: '已确认：{title}', announced: '已宣布：{title}', corrected: '更正：{title}' },
      body: '{when}。适用于：{audience}。窗口：{windows}。',
      dateOnly: '{day}（仅日期）',
      unknownTime: '时间未知',
      and: '、',
      welcome: { title: '提醒已开启', body: '符合你所选筛选条件的新用量重置将通知到此浏览器。' },
    },
    script: {
      switching: '正在更改筛选条件…',
      switched: '提醒已改为“{filters}”。',
      switchFailed: '无法更改筛选条件：{reason}',
      turningOn: '正在开启提醒…',
      notAllowed: '未获得通知权限，提醒保持关闭。',
      dismissed: '提醒保持关闭：未获得通知权限。',
      on: '提醒已开启。',
      onFailed: '无法开启提醒：{reason}',
      stopping: '正在停止提醒…',
      off: '提醒已关闭。服务器上不会保留关于此浏览器的任何信息。',
      offFailed: '无法停止提醒：{reason}',
      failed: '提醒：{reason}',
      serverAnswered: '服务器返回了 {status}。',
    },
    page: {
      what: '提醒是指：当符合你筛选条件的用量重置新近得到确认时发送一条消息，有重置宣布时再发送一条。可以选择此浏览器的通知、邮件或发往你的 Webhook 的请求。之后补录的历史和更正不会发送提醒，除非整理者要求发送。',
      forFilters: (filters: SafeHtml) => html`这些提醒适用于“${filters}”。`,
      otherFilters: '在最新重置页面选择其他筛选条件',
      thenTurnOn: '，然后在那里开启提醒。',
      stored: '存储哪些内容',
      storedText:
        '只保存每种渠道送达所需的内容：浏览器是其推送服务分配的地址和用于加密消息的两个密钥；邮件是邮箱地址和邮件语言；Webhook 是其 URL 和签名密钥；以及所选的筛选条件。停止提醒、退订或删除 Webhook 即会删除这些内容。',
      privacyLink: '隐私：具体保存哪些内容、保存多久，以及如何删除',
    },
  },
  webhooks: {
    title: 'Webhook 已注册',
    onlyNow:
      '以下内容只在此页面显示这一次，之后无法再查看，请立即复制保存。密钥用于验证每条消息的签名，令牌用于查看或删除此 Webhook。',
    id: 'Webhook ID',
    secret: '签名密钥',
    token: '管理令牌',
    url: '发送地址',
    filters: '提醒范围',
    status: '状态',
    active: '已启用：该 URL 已按要求响应验证，提醒将发送到这里。',
    pending:
      '待验证：该 URL 没有按要求响应验证，因此不会向它发送提醒。它能正确响应后，请重新注册。待验证的 Webhook 会在 2 天后删除。',
    answered: 'URL 的响应：',
    manage: (get: SafeHtml, header: SafeHtml, remove: SafeHtml) =>
      html`要查看状态，请带上请求头 ${header} 发送 ${get}；要删除它，请带上同样的请求头发送 ${remove}。`,
    back: '返回提醒页面',
  },
  freshness: {
    title: '时效',
    intro:
      '每个事件多快进入本记录：从提供方发帖到监视程序发现、到在此发布、到第一条提醒送达所用的分钟数。仅对从线索发布的事件进行测量。',
    none: '还没有从线索发布的事件。第一个将显示在这里。',
    summary: '最新事件的统计',
    measure: '指标',
    median: '中位数',
    worst: '最慢',
    toLead: '到线索',
    toPublish: '到发布',
    toAlert: '到第一条提醒',
    events: '最新事件',
    event: '事件',
    posted: '发帖时间',
    noAlert: '尚无',
    minutes: { other: '# 分钟' },
  },
  privacy: {
    title: '隐私',
    intro:
      '本站不设置 Cookie，不运行任何统计分析，也不向其他网站发出请求：所有页面、样式和脚本都来自本服务器。',
    alerts: '浏览器提醒',
    whenOn: (alerts: SafeHtml) => html`当你开启${alerts}时，服务器会为该浏览器存储：`,
    alertsLink: '提醒',
    stored: {
      endpoint: '浏览器的推送服务为其分配的推送端点网址；',
      keys: (p256dh: SafeHtml, auth: SafeHtml) =>
        html`它的两个密钥 ${p256dh} 和 ${auth}，用于加密发给它的消息；`,
      filters: '你选择的筛选条件（适用对象和窗口）；',
      times: '订阅的创建时间，以及最近一次续期的时间。',
    },
    welcome:
      '保存之前，服务器会通过你浏览器的推送服务发送一条消息，浏览器会将其显示为“提醒已开启”通知；如果推送服务没有接收，则不会保存任何内容。',
    deliveries:
      '每发送一条提醒，服务器都会保留一条投递记录：哪条提醒、发给哪个订阅、结果如何，以及发送时间。',
    howLong: '保存多久',
    keptUntil: '订阅会一直保留，直到以下任一情况最先发生：',
    until: {
      stop: (page: SafeHtml) => html`你停止了提醒（使用${page}上的控件）；`,
      permission: '你撤销了本站的通知权限：此后推送服务会返回 404 或 410，订阅随之被删除；',
      gone: '推送服务告知该订阅已失效；',
      expiry: '订阅自身的过期时间（如果推送服务设置了过期时间）；',
      renewed: '控件最后一次为其续期后满 400 天（每次访问带有该控件的页面都会续期）。',
    },
    alertsPage: '提醒页面',
    deliveriesKept: '投递记录保留 30 天。',
    inBrowser:
      '在你的浏览器中，筛选条件也会连同页面的语言、通知用语以及开启提醒的页面地址一起保存在本站自己的存储空间里，以便为提醒续期；停止提醒即会将其删除。',
    channels: {
      email: '邮件提醒',
      emailStored: '申请邮件提醒后，服务器会保存：',
      emailAddress: '邮箱地址，以及你提交申请的页面语言（邮件使用该语言）；',
      emailTokens: '确认链接中令牌的哈希值（从不保存令牌本身），以及每封提醒邮件中退订链接的令牌；',
      emailTimes: '所选的筛选条件、地址添加的时间、最近一次发送确认邮件的时间和确认的时间。',
      emailKept:
        '无人确认的地址会在 2 天后删除。已确认的地址会一直保存，直到你退订（每封邮件中的链接，或邮件程序的退订按钮），或邮件服务器永久拒收。发送记录保存 30 天。',
      webhook: 'Webhook',
      webhookStored: '添加 Webhook 后，服务器会保存：',
      webhookUrl: '其 URL，以及所选的筛选条件；',
      webhookSecret: '用于签名请求的密钥，以及管理该 Webhook 的令牌的哈希值；',
      webhookLast: '最近一次发送的时间及其收到的 HTTP 状态码。',
      webhookKept:
        '一直未确认的 Webhook 会在 2 天后删除；已启用的 Webhook 会一直保存，直到你用令牌删除它，或它永久无法送达。发送记录保存 30 天。',
    },
    logs: '访问日志',
    logsText:
      '每个请求都会留下一行访问日志，其中包含客户端的 IP 地址、用户代理、路径和状态码。日志保留多久取决于运营者的日志轮转设置。',
    delete: '如何删除',
    deleteText: (stop: SafeHtml, page: SafeHtml, request: SafeHtml, body: SafeHtml) =>
      html`在${page}上点击${stop}：这会同时删除服务器上和你浏览器中的订阅。程序也可以发送 ${request}，并附上
      JSON 请求体 ${body}，达到同样的效果。`,
  },
  embed: {
    title: '最近一次用量上限重置',
    couldBeLatest: { other: '当天有 # 次重置都可能是最近一次，先后顺序未知。' },
    seeThem: '查看这些重置',
    noneRecorded: '暂无记录',
    announced: '已宣布，尚未计入',
    statedFor: (time: SafeHtml) => html`预定于 ${time}`,
    announcedAt: (when: SafeHtml) => html`宣布于 ${when}`,
    unavailable: '内容无效，卡片暂时无法显示。',
  },
  calendar: {
    heading: '最近 53 周',
    caption: (first: string, last: string, filters: string) =>
      `“${filters}”的重置（按 UTC 日期），${first} 至 ${last}；每列为一周，周日在最上方。`,
    region: '重置日历，可滚动',
    weekday: '星期',
    week: (firstDay: string) => `${firstDay} 起的一周`,
    legend: {
      exact: '重置，有精确时间',
      dateOnly: '重置，仅日期',
      announced: '已宣布，待确认',
      outside: '收录范围之外',
      none: '无重置',
    },
    resets: { other: '# 次重置' },
    dateOnly: '仅日期',
    announced: '已宣布，待确认',
    outside: '收录范围之外',
    at: (time: string) => `${time} UTC`,
    countedAt: (resets: string, times: string) => `${resets}（${times}）`,
    separators: { what: '，', clause: '；', title: '：', more: '，' },
    more: { other: '另有 # 次，见历史记录' },
  },
  charts: {
    links: (links: SafeHtml) => html`数据：${links}`,
    resetsJson: '计入的重置（JSON）',
    statusJson: '状态与统计（JSON）',
    resetsCsv: '计入的重置（CSV）',
    omitted: (shown: string, total: string, history: SafeHtml) =>
      html`图表显示 ${total} 次计入重置中最近的 ${shown} 次；完整历史见${history}以及 API。`,
    historyPages: '历史记录页面',
    timeline: {
      title: (filters: string) => `计入重置的时间线（${filters}）`,
      described: (count: string, first: string, last: string, exact: string, dated: string) =>
        `${first} 至 ${last} 共有 ${count}：其中 ${exact} 次有精确时间（实心圆），${dated} 次只有日期（空心菱形）。`,
      counted: { other: '# 次计入的重置' },
      none: '没有符合这些筛选条件的计入重置。',
      ambiguous: (day: string) => `最新的一天（${day}）有多次先后顺序未知的重置（阴影标示）。`,
      announced: (title: string, when: string) =>
        `已宣布但未计入（虚线圆环，单独一行）：${title}，宣布于 ${when}。`,
      orderUnknown: '顺序未知',
      lane: '已宣布，未计入',
      exact: '精确时间',
      dateOnly: '仅日期',
      markDateOnly: (day: string) => `${day}（仅日期）`,
      markAt: (day: string, time: string) => `${day} ${time} UTC`,
    },
    gaps: {
      title: (filters: string) => `计入重置之间的间隔（${filters}）`,
      gap: (from: string, to: string, length: string) => `${from} 至 ${to}：${length}`,
      unmeasurable: '无法测量（涉及仅有日期的重置）',
      tooFew: '符合这些筛选条件的计入重置少于两次，因此没有可显示的间隔。',
      described: (gaps: string, measured: string, unmeasured: string) =>
        `相邻两次计入重置之间共有 ${gaps}，按时间顺序排列：其中 ${measured} 个已测量（条形长度表示天数），另有 ${unmeasured} 个无法测量，因为它们涉及或可能跨越一次只知道日期的重置（虚线轮廓）。`,
      count: { other: '# 个间隔' },
      averageLongest: (average: string, longest: string, from: string, to: string) =>
        `已测量间隔的平均值为 ${average}（虚线）；最长为 ${longest}，从 ${from} 到 ${to}（高亮显示）。`,
      noAverage: '没有可测量的间隔，因此没有平均值。',
      dayTick: (days: string) => `${days} 天`,
      longest: (days: string) => `最长 ${days}`,
      average: (days: string) => `平均 ${days}`,
      measuredKey: '已测量的间隔（按长度）',
      longestKey: '最长',
      unmeasuredKey: '无法测量：涉及仅有日期的重置',
      averageKey: (days: string) => `平均值：${days}`,
    },
  },
  email: {
    confirm: {
      subject: '请确认你的邮件提醒',
      why: '有人（很可能是你）申请把 Claude 用量上限重置的邮件提醒发送到这个邮箱地址。',
      filters: '申请的提醒范围：',
      action: '要开始接收提醒，请打开确认页面并点击页面上的按钮：',
      button: '打开确认页面',
      ignore:
        '如果这不是你申请的，请忽略这封邮件：未经确认，我们不会向这个地址发送任何内容，也不会再给你发邮件。',
    },
    alert: {
      intro: '有一次用量重置符合你的邮件提醒条件：',
      details: '事件详情及来源：',
      why: '你收到这封邮件，是因为这个地址在本站订阅了邮件提醒并已确认。',
      unsubscribe: '退订这些提醒',
    },
    page: {
      sentTitle: '请查收邮件',
      sent: '如果该地址能够收信，确认邮件已在路上。打开邮件中的链接并点击页面上的按钮即可开始接收提醒；在此之前不会发送任何内容。',
      confirmTitle: '确认邮件提醒',
      confirm: '点击按钮，即可开始向收到此链接的地址发送邮件提醒。',
      confirmButton: '确认邮件提醒',
      confirmedTitle: '邮件提醒已确认',
      confirmed: (filters: string) =>
        `“${filters}”的用量重置得到确认时，此地址会收到一封邮件，宣布时再收到一封。每封邮件都附有退订链接。`,
      expiredTitle: '此链接已过期或已被使用',
      expired: '确认链接只能使用一次，有效期 2 天。如需邮件提醒，请在提醒页面重新申请。',
      unsubscribeTitle: '退订邮件提醒',
      unsubscribe: '点击按钮，即可停止向收到此链接的地址发送邮件提醒，并从本站删除该地址。',
      unsubscribeButton: '退订',
      unsubscribedTitle: '已退订',
      unsubscribed: '此地址不会再收到提醒，本站也不再保存该地址。',
      incompleteTitle: '此链接不完整',
      incomplete: '链接缺少令牌或已被截断。请从邮件中重新打开完整的链接。',
      offTitle: '邮件提醒不可用',
      back: '返回提醒页面',
    },
    privacy: '我们保存这个地址的哪些信息、保存多久：',
    privacyLink: '隐私',
  },
};
