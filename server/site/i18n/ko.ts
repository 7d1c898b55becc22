import { html } from '../html.js';
import type { SafeHtml } from '../html.js';
import type { Messages } from './en.js';

/** The site's words in Korean (en.ts says how dictionaries work). */
export const ko: Messages = {
  site: {
    name: '사용 한도 초기화 추적기',
    description:
      'Anthropic의 AI 어시스턴트 Claude에서 공개적으로 발표된 사용 한도 초기화를 직접 정리한 기록입니다. ' +
      '이 사이트는 독립적으로 운영되며 Anthropic과 제휴 관계가 없습니다.',
    linkBack:
      '자유롭게 재사용할 수 있습니다. 이 데이터를 표시하거나 다시 게시할 때는 이 사이트로 연결되는 링크를 달아 주세요.',
    cite: '이벤트 페이지를 인용할 때는 해당 주소를 사용하세요. 주소는 바뀌지 않습니다.',
  },
  layout: {
    siteNav: '사이트',
    nav: {
      latest: '최신',
      sources: '출처',
      docs: 'API 문서',
      alerts: '알림',
      rss: 'RSS',
      jsonFeed: 'JSON Feed',
    },
    feedTitle: { rss: 'RSS', json: 'JSON Feed', atom: 'Atom' },
    notice: '이 데이터에 관하여',
    footer: {
      openApi: 'OpenAPI 문서',
      rss: 'RSS 피드',
      jsonFeed: 'JSON Feed',
      atom: 'Atom 피드',
      problems: '오류 코드',
      privacy: '개인정보 보호',
      freshness: '신속성',
    },
    language: '언어',
    yourTime: (time: string) => `현지 시각: ${time}`,
  },
  format: {
    weekdays: ['일', '월', '화', '수', '목', '금', '토'],
    months: ['1월', '2월', '3월', '4월', '5월', '6월', '7월', '8월', '9월', '10월', '11월', '12월'],
    dateOnly: '날짜만',
    unknown: '알 수 없음',
    notApplicable: '해당 없음',
    days: { other: '#일' },
    readUntil: (date: SafeHtml) =>
      html`출처는 ${date}까지 확인했습니다. 그 이후에 발표된 초기화는 아직 기록에 없습니다.`,
    readUntilShort: (date: SafeHtml) => html`출처는 ${date}까지 확인함`,
    lessThanADayAgo: '하루 이내',
    daysAgo: { other: '#일 전' },
    ofTotal: (part: string, total: string) => `${total}건 중 ${part}건`,
    listSeparator: ', ',
    aside: (text: SafeHtml) => html`(${text})`,
  },
  labels: {
    status: {
      announced: '발표됨',
      confirmed: '확인됨',
      cancelled: '취소됨',
      retracted: '철회됨',
    },
    kind: {
      usage_reset: '사용량 초기화',
      limit_increase: '한도 상향',
      credit: '크레딧 지급',
      policy_change: '정책 변경',
      incident: '장애',
    },
    window: { five_hour: '5시간', weekly: '주간', other: '기타', unspecified: '명시되지 않음' },
    plans: { all: '모든 플랜', subscribers: '모든 유료 구독', unspecified: '명시되지 않음' },
    /** Plan names are proper names (Pro, Max, Team): shown capitalised, as in English. */
    plan: (name: string) => name.charAt(0).toUpperCase() + name.slice(1),
    allocation: { subscription_usage: '구독 사용량', api: 'API', unspecified: '명시되지 않음' },
    scope: { broad: '광범위', limited: '제한적', unspecified: '명시되지 않음' },
    sourceKind: { social_post: '소셜 게시물', web_page: '웹 페이지', status_page: '상태 페이지' },
    sourceRole: { original: '원본', relay: '전달' },
    classification: { official: '공식', team_member: '팀원', relay: '전달' },
    priority: { primary: '주요', additional: '추가', context: '참고', optional: '선택' },
  },
  filters: {
    nav: '필터',
    audience: '대상',
    window: '한도 기간',
    audiences: { all: '모든 사용자', broad: '광범위', max: 'Max', pro: 'Pro', team: 'Team' },
    windows: { any: '모든 기간', five_hour: '5시간', weekly: '주간' },
    label: (audience: string, window: string) => `${audience} · ${window}`,
  },
  home: {
    title: '최신 초기화',
    heading: '사용 한도 초기화: 최신 소식과 빈도',
    latest: '최신 초기화',
    ambiguous:
      '그날 여러 건의 초기화가 발표되었는데 순서를 알 수 없어, 다음 중 어느 것이든 최신일 수 있습니다:',
    noneRecorded: '기록 없음',
    noMatch: '이 필터에 맞는 집계된 초기화가 없습니다.',
    windows: (list: string) => `한도 기간: ${list}`,
    awaiting: '발표됨, 확인 대기 중',
    announcedAt: (when: SafeHtml) => html`발표: ${when}`,
    statedFor: (time: SafeHtml) => html`예정 시각: ${time}`,
    notCountedYet: '확인될 때까지 집계되지 않습니다.',
    statistics: '통계',
    stats: {
      total: '집계된 초기화',
      average: '평균 간격',
      longest: '최장 간격',
      measured: '측정된 간격',
      exact: '정확한 시각',
    },
    partialSample:
      '일부 간격은 날짜만 있는 기록에 맞닿아 있어 측정할 수 없습니다. 평균은 측정 가능한 간격만으로 계산합니다.',
    history: '집계된 기록',
    historyNote:
      '필터에 맞는 확인된 사용량 초기화를 최신순으로 보여 줍니다. 취소되거나 철회된 이벤트도 페이지는 남아 있지만 집계되지 않습니다.',
    table: { announced: '발표 (UTC)', event: '이벤트', appliesTo: '대상', windows: '한도 기간' },
    wholeHistory: { other: '집계된 전체 기록(초기화 #건) →' },
    useData: '데이터 이용하기',
    links: {
      rss: 'RSS 피드',
      jsonFeed: 'JSON Feed',
      sources: '모니터링하는 출처',
      docs: 'API 문서',
      json: '이 화면을 JSON으로 보기',
    },
    footnote: (revision: SafeHtml, reviewed: SafeHtml, coverage: SafeHtml) =>
      html`콘텐츠 리비전 ${revision} · 출처 최종 검토: ${reviewed} · 수록 시작: ${coverage}`,
  },
  history: {
    title: '집계된 기록',
    back: '← 최신 초기화',
    pages: (where: string) => `기록 페이지 이동(${where})`,
    above: '표 위',
    below: '표 아래',
    newer: '← 더 최근',
    older: '더 이전 →',
    pageOf: (page: string, pages: string) => `${pages}페이지 중 ${page}페이지`,
    summary: (total: string, first: string, last: string) =>
      `필터에 맞는 확인된 사용량 초기화 ${total}건(최신순). 이 페이지에는 ${first}~${last}번째 초기화가 있습니다.`,
    noSuchPage: '페이지가 없습니다',
    noPage: (page: string) => `이 기록에는 ${page}페이지가 없습니다.`,
  },
  event: {
    back: '← 최신 초기화',
    retracted: '철회됨.',
    retractedText: '이 기록은 철회되었습니다. 참고용으로 남겨 두었으며 초기화 기록에 집계되지 않습니다.',
    cancelled: '취소됨.',
    cancelledText: '이 초기화는 발표된 뒤 취소되었습니다. 실시되지 않았으며 집계되지 않습니다.',
    announced: '발표됨, 확인 대기 중.',
    announcedText:
      '확인될 때까지 집계되지 않습니다. 예정 시각이 지났다고 해서 초기화가 실시된 것은 아닙니다.',
    posted: (time: SafeHtml) => html`게시: ${time}`,
    related: '관련 이벤트',
    facts: {
      effective: '적용 시각',
      ends: '종료',
      announced: '발표',
      appliesTo: '대상',
      plans: '플랜',
      scope: (scope: string) => `(범위: ${scope})`,
      exclusions: '제외 대상',
      windows: '한도 기간',
      allocation: '사용량 구분',
      counted: '집계',
      countedYes: '예, 초기화 기록에 집계됨',
      countedNo: '아니요',
    },
    sources: '출처',
    retraction: '철회',
    correction: '정정',
    record: {
      heading: '기록 정보',
      id: 'ID',
      revision: '리비전',
      firstPublished: '최초 게시',
      revised: '수정',
      readUntil: '출처 확인',
      address: '주소',
    },
    noSuchEvent: '이벤트가 없습니다',
    noEvent: (id: string) => `ID가 "${id}"인 이벤트가 없습니다.`,
  },
  sources: {
    title: '출처',
    intro: (reviewed: SafeHtml, json: SafeHtml) =>
      html`큐레이터가 발표를 확인하기 위해 지켜보는 공개 계정과 페이지 목록이며, 각 출처의 소속을 어떻게
      확인했는지도 함께 적었습니다. 이 목록의 편집 검토: ${reviewed}. 같은 목록을 JSON으로도 제공합니다:
      ${json}.`,
    priority: (priority: string) => `우선순위: ${priority}`,
    inactive: '비활성',
    profile: '프로필',
    affiliation: '소속',
    verifiedBy: '확인 방법',
    resetEvidence: '초기화 근거',
    limitations: '한계',
    lastReviewed: '최종 검토',
    unavailable: '출처 목록을 사용할 수 없습니다.',
  },
  docs: {
    title: 'API 문서',
    intro: (userAgent: SafeHtml, etag: SafeHtml) =>
      html`무료 읽기 전용 JSON API이며 키가 필요 없습니다. 클라이언트를 식별할 수 있는 ${userAgent} 헤더를
      보내 주시고, 응답은 최소 1분 동안 캐시해 주세요(모든 응답에 ${etag} 헤더가 있습니다). 데이터를 표시할
      때는 이 사이트로 연결되는 링크를 달아 주세요.`,
    openApi: 'OpenAPI 3.1 문서',
    problems: '오류 코드',
    below: (operations: SafeHtml, schemas: SafeHtml) => html`아래의 ${operations} 및 ${schemas}`,
    operations: '작업',
    schemas: '스키마',
    explorer: '대화형 탐색기',
    explorerNote: '(Swagger UI, JavaScript 약 1.7 MB)',
    typescript: 'TypeScript에서 사용하기',
    typedClient: (endpoint: SafeHtml, pkg: SafeHtml, pack: SafeHtml, client: SafeHtml, server: SafeHtml) =>
      html`${endpoint} 경로의 타입 지정 tRPC 엔드포인트는 같은 작업을 같은 방식으로 캐시하여 제공합니다.
      클라이언트 패키지 ${pkg}: 서비스 소스에서 ${pack} 명령으로 빌드하고, tarball을 피어 의존성인 ${client},
      ${server} 패키지와 함께 설치합니다. 이 패키지는 모든 입력과 결과에 타입을 지정하고, 거부된 요청을 타입이
      지정된 오류로 바꿔 줍니다:`,
    typedClientExample: '예시: 타입 지정 클라이언트',
    generated: (generator: SafeHtml, fetcher: SafeHtml) =>
      html`또는 ${generator} 도구로 OpenAPI 문서에서 타입을 생성하고, ${fetcher} 라이브러리로 REST 작업을
      호출합니다:`,
    generatedExample: '예시: OpenAPI 문서로 생성한 클라이언트',
    plainFetch: (fetch: SafeHtml) => html`또는 REST 작업에 ${fetch} 함수를 그대로 사용합니다:`,
    fetchExample: '예시: fetch',
    live: '실시간 상태',
    liveText: (
      stream: SafeHtml,
      event: SafeHtml,
      status: SafeHtml,
      id: SafeHtml,
      curl: SafeHtml,
      source: SafeHtml,
    ) =>
      html`${stream} 작업(아래 참조 문서 참고)은 상태를 서버 전송 이벤트(SSE)로 계속 열어 둡니다. 연결 시
      ${status} 본문을 담은 ${event} 이벤트를 하나 보내고, 이후 다시 게시할 때마다 하나씩 보내며, 그 ${id}
      값은 콘텐츠 리비전입니다. ${curl} 명령이나 임의의 ${source} 객체로 시험해 보세요. 타입 지정 클라이언트도
      tRPC를 통해 같은 내용을 구독합니다:`,
    liveExample: '예시: 타입 지정 클라이언트로 실시간 상태 받기',
    mcp: 'AI 에이전트에서 사용하기 (MCP)',
    mcpText: (path: SafeHtml, tools: SafeHtml) =>
      html`${path} 경로의 MCP 서버(Streamable HTTP, 무상태, JSON 응답)는 각 작업을 읽기 전용 도구로
      제공합니다: ${tools}. 도구의 결과는 해당 작업의 JSON 본문이며, 거부된 입력은 같은 오류 내용을 담은 도구
      오류가 됩니다. MCP 클라이언트에 추가하는 예는 다음과 같습니다:`,
    mcpExample: '예시: MCP 서버 추가하기',
    webhooks: '내 프로그램으로 알림 받기 (웹훅)',
    webhooksText: (alertsPage: SafeHtml, post: SafeHtml, challenge: SafeHtml, standard: SafeHtml) =>
      html`이 서버가 웹훅을 제공한다면(${alertsPage}에 등록 양식이 있습니다) ${post} 요청으로 내 URL을 특정
      대상과 기간의 알림을 받을 곳으로 등록할 수 있습니다. URL은 첫 메시지의 ${challenge} 값을 그대로 돌려주어
      알림을 원한다는 것을 증명합니다. 이후 각 알림은 ${standard} 명세대로 서명되며, 데이터는 API가 제공하는
      그대로의 이벤트입니다. 스스로 등록하는 수신기 예시는 다음과 같습니다:`,
    webhooksExample: '예시: Node에서 동작하는 웹훅 수신기',
    badges: '내 페이지에 넣을 배지와 카드',
    badgesText: (
      last: SafeHtml,
      resets: SafeHtml,
      endpoint: SafeHtml,
      filters: SafeHtml,
      status: SafeHtml,
      card: SafeHtml,
    ) =>
      html`${last}(마지막 초기화), ${resets}(집계된 초기화) 및 shields.io 엔드포인트 ${endpoint}도 ${status}
      작업과 같은 ${filters} 매개변수를 받습니다. ${card} 페이지는 어느 사이트든 프레임에 넣을 수 있는 작은
      카드입니다.`,
    badgesExample: '예시: 배지와 카드',
    cardTitle: '최신 사용 한도 초기화',
    and: '및',
  },
  reference: {
    none: '없음',
    any: '임의',
    or: ' 또는 ',
    and: ' 및 ',
    arrayOf: (items: SafeHtml) => html`${items} 배열`,
    always: (value: SafeHtml) => html`항상 ${value}`,
    oneOf: (values: SafeHtml) => html`다음 중 하나: ${values}`,
    minimum: (value: SafeHtml) => html`최솟값 ${value}`,
    maximum: (value: SafeHtml) => html`최댓값 ${value}`,
    greaterThan: (value: SafeHtml) => html`${value} 초과`,
    lessThan: (value: SafeHtml) => html`${value} 미만`,
    minLength: (value: SafeHtml) => html`최소 길이 ${value}`,
    maxLength: (value: SafeHtml) => html`최대 길이 ${value}`,
    minItems: (value: SafeHtml) => html`최소 항목 수 ${value}`,
    maxItems: (value: SafeHtml) => html`최대 항목 수 ${value}`,
    pattern: (value: SafeHtml) => html`패턴 ${value}`,
    items: (constraint: SafeHtml) => html`각 항목: ${constraint}`,
    noParameters: '매개변수가 없습니다.',
    required: ', 필수',
    examples: '예:',
    parametersOf: (operation: string) => `${operation}의 매개변수`,
    parameterColumns: ['이름', '위치', '형식', '제약 조건', '기본값', '설명'],
    responsesOf: (operation: string) => `${operation}의 응답`,
    responseColumns: ['상태', '설명', '헤더', '내용'],
    noBody: '본문 없음',
    sendDefaults: '이 값으로 보내기',
    send: (operation: string) => `${operation} 보내기`,
    sendWith: (parameter: string) => `${parameter} 값으로 보내기`,
    operationId: '작업 ID:',
    parameters: '매개변수',
    responses: '응답',
    exampleRequest: '요청 예시',
    curlExample: (path: string) => `예시: curl ${path}`,
    tryIt: '실행해 보기',
    opens: 'JSON 응답을 이 창에서 엽니다.',
    emptyRefused: '생략한 매개변수에는 기본값이 적용되며, 빈 값은 API가 거부합니다.',
    propertiesOf: (schema: string) => `${schema}의 속성`,
    propertyColumns: ['속성', '형식', '필수', '제약 조건 및 설명'],
    isRequired: '필수',
    isOptional: '선택',
    type: '형식:',
    operations: '작업',
    schemas: '스키마',
  },
  explorer: {
    title: 'API 탐색기',
    intro: (reference: SafeHtml) =>
      html`이 사이트 자체 파일로 실행되는 Swagger UI입니다(JavaScript 약 1.7 MB). ${reference}에서는 같은
      작업과 스키마를 JavaScript 없이 보여 주며, 각 작업을 시험해 볼 수 있는 양식도 제공합니다.`,
    reference: 'API 참조',
    heading: '작업 및 스키마',
    noScript: (reference: SafeHtml, document: SafeHtml) =>
      html`탐색기를 쓰려면 JavaScript가 필요합니다. ${reference}, ${document}에는 필요하지 않습니다.`,
    document: 'OpenAPI 문서',
    englishTool: '탐색기 자체는 영어로 표시됩니다.',
  },
  problems: {
    title: '오류 코드',
    intro: (type: SafeHtml, json: SafeHtml, code: SafeHtml) =>
      html`오류는 ${json} 형식(RFC 9457)으로 반환됩니다. 각 본문의 ${type} 값은 이 페이지들 중 하나의
      주소이며, ${code} 값이 그 오류를 가리킵니다.`,
    columns: { code: '코드', status: '상태', meaning: '의미' },
    back: '← 모든 오류 코드',
    shape: '구조',
    example: (code: string) => `${code} 오류 예시`,
    shapeNote: (detail: SafeHtml, parameter: SafeHtml) =>
      html`${detail} 값은 이 요청의 무엇이 잘못되었는지 알려 주고, ${parameter} 값은 문제가 된 쿼리 매개변수가
      있을 때 그 이름을 알려 줍니다.`,
    codes: {
      invalid_parameter: {
        title: '잘못된 매개변수',
        about: '쿼리 매개변수에 작업이 허용하지 않는 값이 있습니다.',
      },
      unknown_parameter: {
        title: '알 수 없는 매개변수',
        about: '요청에 작업이 받지 않는 쿼리 매개변수가 있어, 무시하지 않고 거부합니다.',
      },
      repeated_parameter: {
        title: '중복된 매개변수',
        about: '같은 쿼리 매개변수가 두 번 이상 지정되었습니다.',
      },
      invalid_cursor: {
        title: '잘못된 커서',
        about:
          '커서 형식이 잘못되었거나, 변경되었거나, 다른 쿼리에 대해 발급된 것입니다. 커서 없이 다시 시작하거나 원래의 쿼리 매개변수를 그대로 다시 보내세요.',
      },
      invalid_range: { title: '잘못된 범위', about: '"from" 경계가 "to" 경계보다 뒤에 있습니다.' },
      not_found: { title: '찾을 수 없음', about: '이 주소에는 리소스가 없습니다.' },
      method_not_allowed: {
        title: '허용되지 않는 메서드',
        about:
          '이 서비스는 읽기 전용입니다. GET 또는 HEAD를 사용하세요(MCP 엔드포인트인 /mcp에는 POST). 허용되는 메서드는 Allow 헤더에 나열됩니다.',
      },
      forbidden: {
        title: '금지됨',
        about:
          '요청이 다른 사이트의 웹 페이지에서 왔습니다(Origin 헤더 기준). MCP 엔드포인트와 알림 구독은 이 서비스 자체의 오리진과 Origin을 보내지 않는 클라이언트에만 응답합니다.',
      },
      unsupported_media_type: {
        title: '지원되지 않는 미디어 유형',
        about: '요청 본문이 JSON이 아닙니다. Content-Type: application/json 헤더와 함께 보내세요.',
      },
      payload_too_large: {
        title: '페이로드가 너무 큼',
        about:
          '요청 본문이 서비스가 읽는 크기(/mcp는 64 KiB, /alerts/subscriptions와 /alerts/webhooks는 4 KiB, /alerts/email과 그 링크는 2 KiB)보다 큽니다. 더 작게 보내세요.',
      },
      invalid_body: {
        title: '잘못된 본문',
        about:
          'JSON 본문이 올바른 JSON이 아니거나, 필드가 빠졌거나, 요청이 받지 않는 필드가 있거나, 필드 값이 허용되지 않습니다. "parameter"가 해당 필드를 가리킵니다.',
      },
      malformed_request: {
        title: '잘못된 형식의 요청',
        about:
          '요청이 올바른 HTTP가 아닙니다(요청 줄이나 헤더의 형식이 잘못되었거나, 대상에 ASCII가 아닌 원시 바이트가 있음). URL을 퍼센트 인코딩하고 올바른 형식의 헤더를 보내세요.',
      },
      request_timeout: {
        title: '요청 시간 초과',
        about: '요청 헤더나 본문이 제시간에 도착하지 않아 연결을 닫았습니다. 요청을 다시 보내세요.',
      },
      expectation_failed: {
        title: 'Expect 조건 실패',
        about: '요청에 서비스가 충족할 수 없는 Expect 헤더가 있습니다. Expect 헤더 없이 보내세요.',
      },
      request_too_large: {
        title: '요청 헤더 필드가 너무 큼',
        about:
          '요청 대상이나 헤더가 서비스가 읽는 크기(전체 16 KB, 헤더 최대 200줄)보다 큽니다. 줄여서 보내세요.',
      },
      rate_limited: {
        title: '요청이 너무 많음',
        about:
          '클라이언트가 요청 제한보다 많은 요청을 보냈습니다. Retry-After에 표시된 초만큼 기다리고, 응답은 최소 1분 동안 캐시하세요.',
      },
      internal_error: {
        title: '내부 오류',
        about: '서비스에 예기치 않은 오류가 발생했습니다. 요청을 바꿀 필요는 없으니 나중에 다시 시도하세요.',
      },
      content_unavailable: {
        title: '콘텐츠를 사용할 수 없음',
        about:
          '게시된 콘텐츠가 없거나 올바르지 않아 초기화 데이터를 일시적으로 사용할 수 없습니다. Retry-After에 표시된 초가 지난 뒤 다시 시도하세요.',
      },
      service_busy: {
        title: '서비스 사용량 많음',
        about:
          '이 서버가 허용하는 최대 개수의 실시간 스트림을 이미 유지하고 있습니다. Retry-After에 표시된 초가 지난 뒤 다시 시도하거나, 대신 /api/v1/status를 폴링하세요.',
      },
      alerts_unavailable: {
        title: '알림을 사용할 수 없음',
        about:
          '이 서버는 이 종류의 알림을 보내지 않습니다. 브라우저 알림에는 VAPID 키 쌍이, 이메일에는 SMTP 릴레이가 필요하고, 웹훅은 운영자가 켜야 합니다. 대신 피드나 캘린더를 구독하세요.',
      },
      subscriptions_full: {
        title: '구독 한도 도달',
        about:
          '이 서버는 허용하는 만큼의 알림 구독을 이미 저장하고 있어 지금은 새 구독을 저장하지 않습니다. 피드나 캘린더를 이용하거나 나중에 다시 시도하세요.',
      },
      push_service_unavailable: {
        title: '푸시 서비스를 사용할 수 없음',
        about:
          '브라우저 구독은 푸시 서비스가 첫 메시지를 받은 뒤에만 저장됩니다. 이번에는 받지 않았으므로(오류, 제시간에 응답 없음, 또는 대기 요청) 아무것도 저장하지 않았습니다. Retry-After에 적힌 초가 지난 뒤 다시 시도하세요.',
      },
    },
  },
  errors: {
    pageNotFound: '페이지를 찾을 수 없습니다',
    nothingAt: (path: string) => `${path} 경로에는 아무것도 없습니다.`,
    unavailable: '일시적으로 사용할 수 없음',
    republishing:
      '초기화 데이터를 다시 게시하는 중이거나 데이터가 올바르지 않습니다. 1분 후에 다시 시도해 주세요.',
    badRequest: '이 주소는 표시할 수 없습니다',
    badParameter: (parameter: SafeHtml) =>
      html`쿼리 매개변수 ${parameter}에 이 페이지가 허용하지 않는 값이 있습니다.`,
    otherwise: (code: SafeHtml) => html`요청이 실패했습니다. 오류: ${code}`,
    goHome: '최신 초기화로 이동',
    sources: '출처',
    docs: 'API 문서',
  },
  alerts: {
    title: '알림',
    description:
      '필터에 맞는 사용량 초기화가 확인되면 브라우저 알림, 이메일 또는 웹훅 요청으로 알려 드립니다.',
    heading: '알림',
    off: '이 서버에서는 알림을 사용할 수 없습니다.',
    elsewhere: (rss: SafeHtml, atom: SafeHtml, json: SafeHtml, calendar: SafeHtml) =>
      html`대신 피드 리더로 새 초기화를 확인하거나(${rss}, ${atom}, ${json}) ${calendar}를 구독하세요.`,
    calendar: '이 초기화들의 캘린더',
    needsScript: '알림을 받으려면 JavaScript와 알림을 지원하는 브라우저가 필요합니다.',
    about: '알림 안내',
    unsupported: '이 브라우저에서는 알림을 표시할 수 없습니다.',
    denied:
      '이 브라우저에서 이 사이트의 알림이 차단되어 있습니다. 알림을 받으려면 브라우저의 사이트 설정(주소 옆 아이콘)에서 이 사이트의 알림을 허용한 다음 이 페이지를 새로고침하세요.',
    ready: (filters: string) =>
      `${filters}에 해당하는 사용량 초기화가 확인되면 한 번, 발표되면 한 번 알림을 보냅니다.`,
    subscribe: (filters: string) => `${filters} 초기화 알림 받기`,
    subscribed: (filters: SafeHtml) => html`이 브라우저에서 ${filters} 알림이 켜져 있습니다.`,
    switchTo: (filters: string) => `대신 ${filters} 알림 받기`,
    stop: '알림 중지',
    note: '이 브라우저에서 알림을 받고 있습니다 —',
    browserOff: '이 서버에서는 브라우저 알림을 사용할 수 없습니다.',
    channels: { browser: '이 브라우저로', email: '이메일로', webhook: '웹훅으로' },
    email: {
      intro: (filters: string) =>
        `${filters}에 해당하는 사용량 초기화가 확인되면 한 통, 발표되면 한 통의 메일을 보냅니다. 먼저 확인 메일이 가며, 확인하기 전에는 아무것도 보내지 않습니다.`,
      label: '이메일 주소',
      submit: '확인 메일 받기',
      off: '이 서버에서는 이메일 알림을 사용할 수 없습니다.',
    },
    webhook: {
      intro: (filters: string) =>
        `${filters}에 해당하는 사용량 초기화가 확인되거나 발표되면 입력한 URL로 POST 요청을 보냅니다. Standard Webhooks 방식으로 서명한 JSON이나 Discord·Slack 수신 웹훅용 메시지입니다.`,
      label: '웹훅 URL',
      submit: '웹훅 추가',
      off: '이 서버에서는 웹훅을 사용할 수 없습니다.',
      developers: (docs: SafeHtml) =>
        html`개발자를 위한 안내: JSON 형식, 서명, 웹훅을 관리하거나 삭제하는 방법은 ${docs}에 있습니다.`,
      docs: 'API 문서',
    },
    notification: {
      title: { confirmed: '확인됨: {title}', announced: '발표: {title}', corrected: '정정: {title}' },
      body: '{when}. 대상: {audience}. 한도 기간: {windows}.',
      dateOnly: '{day} (날짜만)',
      unknownTime: '시각 알 수 없음',
      and: ', ',
      welcome: {
        title: '알림이 켜졌습니다',
        body: '선택한 필터에 맞는 새 사용량 초기화를 이 브라우저로 알려 드립니다.',
      },
    },
    script: {
      switching: '필터를 변경하는 중…',
      switched: '이제 {filters}에 대한 알림을 받습니다.',
      switchFailed: '필터를 변경하지 못했습니다: {reason}',
      turningOn: '알림을 켜는 중…',
      notAllowed: '알림 권한이 허용되지 않아 알림이 계속 꺼져 있습니다.',
      dismissed: '알림이 계속 꺼져 있습니다: 알림 권한이 허용되지 않았습니다.',
      on: '알림이 켜졌습니다.',
      onFailed: '알림을 켜지 못했습니다: {reason}',
      stopping: '알림을 중지하는 중…',
      off: '알림이 꺼졌습니다. 이 브라우저에 관한 정보는 서버에 남지 않습니다.',
      offFailed: '알림을 중지하지 못했습니다: {reason}',
      failed: '알림: {reason}',
      serverAnswered: '서버가 {status} 상태로 응답했습니다.',
    },
    page: {
      what: '알림은 필터에 맞는 사용량 초기화가 새로 확인될 때 한 번, 발표될 때 또 한 번 보내는 메시지입니다. 이 브라우저의 알림, 이메일, 웹훅 요청 중에서 고를 수 있습니다. 나중에 추가된 기록이나 정정에 대해서는 큐레이터가 요청하지 않는 한 보내지 않습니다.',
      forFilters: (filters: SafeHtml) => html`이 알림의 대상: ${filters}.`,
      otherFilters: '최신 초기화 페이지에서 다른 필터를 고르고',
      thenTurnOn: ', 그곳에서 알림을 켜세요.',
      stored: '저장되는 정보',
      storedText:
        '각 채널로 보내는 데 필요한 정보만 저장합니다. 브라우저는 푸시 서비스가 발급한 주소와 메시지 암호화에 쓰는 키 두 개, 이메일은 주소와 메일 언어, 웹훅은 URL과 서명용 시크릿, 그리고 선택한 필터입니다. 알림을 중지하거나 수신을 거부하거나 웹훅을 삭제하면 함께 삭제됩니다.',
      privacyLink: '개인정보 보호: 무엇을 얼마 동안 보관하며 어떻게 삭제하는지',
    },
  },
  webhooks: {
    title: '웹훅을 등록했습니다',
    onlyNow:
      '이 값들은 이 페이지에서 한 번만 표시되며 다시는 표시되지 않습니다. 지금 복사해 두세요. 시크릿은 각 메시지의 서명을 확인하는 데, 토큰은 이 웹훅을 조회하거나 삭제하는 데 씁니다.',
    id: '웹훅 ID',
    secret: '서명 시크릿',
    token: '관리 토큰',
    url: '전송 대상 URL',
    filters: '알림 대상',
    status: '상태',
    active: '활성: URL이 확인 요청에 올바르게 응답했으므로 알림이 전송됩니다.',
    pending:
      '대기 중: URL이 확인 요청에 요구한 대로 응답하지 않아 알림이 전송되지 않습니다. 응답할 수 있게 되면 다시 등록하세요. 대기 중인 웹훅은 2일 후 삭제됩니다.',
    answered: 'URL의 응답:',
    manage: (get: SafeHtml, header: SafeHtml, remove: SafeHtml) =>
      html`상태를 보려면 ${header} 헤더와 함께 ${get} 요청을 보내세요. 삭제하려면 같은 헤더와 함께 ${remove}
      요청을 보내세요.`,
    back: '알림 페이지로 돌아가기',
  },
  freshness: {
    title: '신속성',
    intro:
      '각 이벤트가 이 기록에 도달하기까지 걸린 시간입니다. 제공자가 게시한 때부터 감시기가 발견할 때까지, 여기에 게시될 때까지, 첫 알림이 전달될 때까지의 분을 보여 줍니다. 리드에서 게시한 이벤트에 대해 측정합니다.',
    none: '리드에서 게시한 이벤트가 아직 없습니다. 첫 이벤트가 여기에 표시됩니다.',
    summary: '최신 이벤트 기준',
    measure: '지표',
    median: '중앙값',
    worst: '최악',
    toLead: '리드까지',
    toPublish: '게시까지',
    toAlert: '첫 알림까지',
    events: '최신 이벤트',
    event: '이벤트',
    posted: '게시',
    noAlert: '아직 없음',
    minutes: { other: '#분' },
  },
  privacy: {
    title: '개인정보 보호',
    intro:
      '이 사이트는 쿠키를 설정하지 않고, 분석 도구를 실행하지 않으며, 다른 사이트로 요청을 보내지 않습니다. 모든 페이지, 스타일, 스크립트는 이 서버에서 제공됩니다.',
    alerts: '브라우저 알림',
    whenOn: (alerts: SafeHtml) => html`${alerts}을 켜면 서버는 해당 브라우저에 대해 다음을 저장합니다:`,
    alertsLink: '알림',
    stored: {
      endpoint: '브라우저의 푸시 서비스가 발급한 푸시 엔드포인트 URL',
      keys: (p256dh: SafeHtml, auth: SafeHtml) =>
        html`해당 브라우저로 보내는 메시지를 암호화하는 키 두 개(${p256dh}, ${auth})`,
      filters: '선택한 필터(대상 및 한도 기간)',
      times: '구독을 만든 시각과 마지막으로 갱신한 시각',
    },
    welcome:
      '저장하기 전에 서버는 브라우저의 푸시 서비스를 통해 메시지 하나를 보내고, 브라우저는 이를 ‘알림이 켜졌습니다’라는 알림으로 표시합니다. 푸시 서비스가 받지 않으면 아무것도 저장하지 않습니다.',
    deliveries: '보낸 알림마다 전송 기록(어떤 알림을 어느 구독에 보냈는지, 결과, 시각)을 보관합니다.',
    howLong: '보관 기간',
    keptUntil: '구독은 다음 중 가장 먼저 일어나는 시점까지 보관됩니다:',
    until: {
      stop: (page: SafeHtml) => html`알림을 중지할 때(${page}의 알림 설정에서)`,
      permission:
        '이 사이트의 알림 권한을 제거할 때: 푸시 서비스가 404 또는 410으로 응답하며, 이에 따라 삭제됩니다',
      gone: '푸시 서비스가 구독이 더 이상 없다고 알릴 때',
      expiry: '푸시 서비스가 구독의 만료 시각을 정해 둔 경우, 그 만료 시각',
      renewed:
        '알림 설정이 마지막으로 갱신한 지 400일 후(알림 설정이 있는 페이지를 방문할 때마다 갱신됩니다)',
    },
    alertsPage: '알림 페이지',
    deliveriesKept: '전송 기록은 30일 동안 보관됩니다.',
    inBrowser:
      '브라우저에서도 알림을 갱신할 수 있도록 필터가 페이지의 언어, 알림 문구, 알림을 켠 페이지의 주소와 함께 이 사이트 전용 저장소에 보관됩니다. 알림을 중지하면 삭제됩니다.',
    channels: {
      email: '이메일 알림',
      emailStored: '이메일 알림을 신청하면 서버는 다음을 저장합니다.',
      emailAddress: '이메일 주소, 그리고 신청한 페이지의 언어(메일은 이 언어로 작성됩니다)',
      emailTokens:
        '확인 링크 토큰의 해시(토큰 자체는 저장하지 않음)와, 모든 알림 메일에 들어 있는 수신 거부 링크의 토큰',
      emailTimes: '선택한 필터, 주소가 추가된 시각, 마지막 확인 메일을 보낸 시각, 확인된 시각',
      emailKept:
        '아무도 확인하지 않은 주소는 2일 뒤 삭제됩니다. 확인된 주소는 수신을 거부하거나(각 메일의 링크 또는 메일 프로그램의 수신 거부 버튼) 메일 서버가 영구적으로 거부할 때까지 보관됩니다. 전송 기록은 30일간 보관됩니다.',
      webhook: '웹훅',
      webhookStored: '웹훅을 추가하면 서버는 다음을 저장합니다.',
      webhookUrl: '웹훅 URL과 선택한 필터',
      webhookSecret: '요청에 서명하는 시크릿과, 웹훅을 관리하는 토큰의 해시',
      webhookLast: '마지막으로 전송한 시각과 그때 받은 HTTP 상태 코드',
      webhookKept:
        '확인되지 않은 웹훅은 2일 뒤 삭제됩니다. 활성화된 웹훅은 토큰으로 삭제하거나 영구적으로 전송할 수 없게 될 때까지 보관됩니다. 전송 기록은 30일간 보관됩니다.',
    },
    logs: '접속 로그',
    logsText:
      '모든 요청은 클라이언트의 IP 주소, 사용자 에이전트, 경로, 상태가 담긴 접속 로그를 한 줄 남깁니다. 로그 보관 기간은 운영자의 로그 순환 설정에 따릅니다.',
    delete: '삭제 방법',
    deleteText: (stop: SafeHtml, page: SafeHtml, request: SafeHtml, body: SafeHtml) =>
      html`${page}에서 ${stop} 버튼을 누르면 서버와 브라우저에서 구독이 삭제됩니다. 프로그램에서도 같은 작업을
      할 수 있습니다: ${request} 요청, JSON 본문 ${body}.`,
  },
  embed: {
    title: '최신 사용 한도 초기화',
    couldBeLatest: { other: '그날의 초기화 #건 중 어느 것이든 최신일 수 있습니다. 순서는 알 수 없습니다.' },
    seeThem: '목록 보기',
    noneRecorded: '기록 없음',
    announced: '발표됨, 아직 집계되지 않음',
    statedFor: (time: SafeHtml) => html`예정 시각: ${time}`,
    announcedAt: (when: SafeHtml) => html`발표: ${when}`,
    unavailable: '콘텐츠가 올바르지 않아 카드를 표시할 수 없습니다.',
  },
  calendar: {
    heading: '최근 53주',
    caption: (first: string, last: string, filters: string) =>
      `${filters} 초기화(UTC 기준 일별, ${first}~${last}). 열은 주이며, 일요일이 맨 위입니다.`,
    region: '초기화 캘린더, 스크롤 가능',
    weekday: '요일',
    week: (firstDay: string) => `${firstDay}부터 시작하는 주`,
    legend: {
      exact: '초기화, 정확한 시각',
      dateOnly: '초기화, 날짜만',
      announced: '발표됨, 확인 대기 중',
      outside: '수록 기간 외',
      none: '초기화 없음',
    },
    resets: { other: '초기화 #건' },
    dateOnly: '날짜만',
    announced: '발표됨, 확인 대기 중',
    outside: '수록 기간 외',
    at: (time: string) => `${time} UTC`,
    countedAt: (resets: string, times: string) => `${resets} (${times})`,
    separators: { what: ', ', clause: '; ', title: ': ', more: ', ' },
    more: { other: '그 밖에 #건(기록 페이지에 있음)' },
  },
  charts: {
    links: (links: SafeHtml) => html`데이터: ${links}`,
    resetsJson: '집계된 초기화 (JSON)',
    statusJson: '상태 및 통계 (JSON)',
    resetsCsv: '집계된 초기화 (CSV)',
    omitted: (shown: string, total: string, history: SafeHtml) =>
      html`차트에는 집계된 초기화 ${total}건 중 최근 ${shown}건을 표시합니다. 전체 기록은 ${history}와 API에서
      볼 수 있습니다.`,
    historyPages: '기록 페이지',
    timeline: {
      title: (filters: string) => `집계된 초기화 타임라인(${filters})`,
      described: (count: string, first: string, last: string, exact: string, dated: string) =>
        `${first}부터 ${last}까지 ${count}: 정확한 시각이 있는 것 ${exact}건(채운 원), 날짜만 있는 것 ${dated}건(빈 마름모).`,
      counted: { other: '집계된 초기화 #건' },
      none: '이 필터에 맞는 집계된 초기화가 없습니다.',
      ambiguous: (day: string) =>
        `가장 최근 날짜인 ${day}에는 순서를 알 수 없는 초기화가 있습니다(음영 표시).`,
      announced: (title: string, when: string) =>
        `발표되었으나 집계되지 않음(점선 고리, 별도 행): ${title}, 발표 ${when}.`,
      orderUnknown: '순서 알 수 없음',
      lane: '발표됨, 집계되지 않음',
      exact: '정확한 시각',
      dateOnly: '날짜만',
      markDateOnly: (day: string) => `${day}(날짜만)`,
      markAt: (day: string, time: string) => `${day}, ${time} UTC`,
    },
    gaps: {
      title: (filters: string) => `집계된 초기화 사이의 간격(${filters})`,
      gap: (from: string, to: string, length: string) => `${from}~${to}: ${length}`,
      unmeasurable: '측정 불가(날짜만 있는 초기화에 맞닿음)',
      tooFew: '이 필터에 맞는 집계된 초기화가 두 건 미만이어서 표시할 간격이 없습니다.',
      described: (gaps: string, measured: string, unmeasured: string) =>
        `연속된 집계 초기화 사이의 ${gaps}(시간순): 측정된 간격 ${measured}개(막대 길이는 일수), 날짜만 알려진 초기화에 맞닿거나 그 초기화를 사이에 둘 수 있어 측정할 수 없는 간격 ${unmeasured}개(점선 테두리).`,
      count: { other: '간격 #개' },
      averageLongest: (average: string, longest: string, from: string, to: string) =>
        `측정된 간격의 평균 ${average}(점선), 최장 ${longest}(${from}~${to}, 강조 표시).`,
      noAverage: '측정할 수 있는 간격이 없어 평균이 없습니다.',
      dayTick: (days: string) => `${days}일`,
      longest: (days: string) => `최장 ${days}`,
      average: (days: string) => `평균 ${days}`,
      measuredKey: '측정된 간격(막대 길이)',
      longestKey: '최장',
      unmeasuredKey: '측정 불가: 날짜만 있는 초기화에 맞닿음',
      averageKey: (days: string) => `평균: ${days}`,
    },
  },
  email: {
    confirm: {
      subject: '이메일 알림 신청을 확인해 주세요',
      why: '누군가(아마도 본인)가 Claude 사용 한도 초기화에 관한 이메일 알림을 이 주소로 보내 달라고 신청했습니다.',
      filters: '신청한 알림 대상:',
      action: '알림을 시작하려면 확인 페이지를 열고 버튼을 눌러 주세요:',
      button: '확인 페이지 열기',
      ignore:
        '신청한 적이 없다면 이 메일을 무시하셔도 됩니다. 확인하지 않으면 이 주소로는 아무것도 보내지 않으며, 앞으로 메일을 더 보내지도 않습니다.',
    },
    alert: {
      intro: '이메일 알림 조건에 맞는 사용 한도 초기화가 있습니다:',
      details: '이벤트 상세 정보와 출처:',
      why: '이 주소로 이 사이트의 이메일 알림을 신청하고 확인하셨기 때문에 이 메일을 받으셨습니다.',
      unsubscribe: '이 알림 수신 거부',
    },
    page: {
      sentTitle: '메일을 확인해 주세요',
      sent: '이 주소로 메일을 받을 수 있다면 확인 메일이 발송되었습니다. 메일의 링크를 열고 버튼을 누르면 알림이 시작되며, 그 전에는 아무것도 보내지 않습니다.',
      confirmTitle: '이메일 알림 확인',
      confirm: '버튼을 누르면 이 링크를 받은 주소로 이메일 알림이 시작됩니다.',
      confirmButton: '이메일 알림 확인',
      confirmedTitle: '이메일 알림이 확인되었습니다',
      confirmed: (filters: string) =>
        `${filters}에 해당하는 사용량 초기화가 확인되면 한 통, 발표되면 한 통의 메일이 이 주소로 갑니다. 모든 메일에는 수신 거부 링크가 있습니다.`,
      expiredTitle: '이 링크는 만료되었거나 이미 사용되었습니다',
      expired:
        '확인 링크는 2일 동안 한 번만 쓸 수 있습니다. 이메일 알림을 받으려면 알림 페이지에서 다시 신청해 주세요.',
      unsubscribeTitle: '이메일 알림 수신 거부',
      unsubscribe:
        '버튼을 누르면 이 링크를 받은 주소로 가는 이메일 알림이 중지되고, 주소는 이 사이트에서 삭제됩니다.',
      unsubscribeButton: '수신 거부',
      unsubscribedTitle: '수신을 거부했습니다',
      unsubscribed: '이 주소로는 더 이상 알림이 가지 않으며, 이 사이트에도 더 이상 보관되지 않습니다.',
      incompleteTitle: '링크가 완전하지 않습니다',
      incomplete: '링크에 토큰이 없거나 잘렸습니다. 메일에서 링크 전체를 다시 열어 주세요.',
      offTitle: '이메일 알림을 사용할 수 없습니다',
      back: '알림 페이지로 돌아가기',
    },
    privacy: '이 주소에 관해 보관하는 정보와 보관 기간:',
    privacyLink: '개인정보 보호',
  },
};
