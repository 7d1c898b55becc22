/**
 * `/docs/assets/docs-init.js`: starts Swagger UI on `/docs/explorer`; a same-origin file, so the docs
 * CSP allows only `script-src 'self'`. The layout is the site's own, operations and schemas only:
 * Swagger UI's BaseLayout wraps them in a second `<main>`, repeats the page's introduction as another
 * `<h1>` (its info block, whose badges lack contrast) and shows a server picker without a label, for
 * the one server there is. Deep links would put a link inside each operation's toggle button, so they
 * are off; the highlighting theme's colours lack contrast, so examples are plain.
 */

/** The few parts of Swagger UI (swagger-ui-bundle.js, loaded before this file) used here. */
type ReactNode = unknown;
type Component = (props: Props) => ReactNode;
interface Props {
  readonly getComponent: (name: string, container?: boolean) => Component;
  readonly specSelectors: { loadingStatus(): string; specStr(): string };
  readonly schema?: { get?: (key: string) => unknown };
  readonly description?: string;
}
interface System {
  readonly React: {
    createElement: (type: string | Component, props?: object | null, ...children: ReactNode[]) => ReactNode;
  };
}
interface Plugin {
  components: Record<string, Component>;
  wrapComponents: Record<string, (original: Component) => Component>;
}
declare const SwaggerUIBundle: ((options: object) => unknown) & { presets: { apis: unknown } };
declare global {
  interface Window {
    ui: unknown;
  }
}

function DocsLayoutPlugin(system: System): Plugin {
  const h = system.React.createElement;
  function DocsLayout(props: Props): ReactNode {
    const get = props.getComponent;
    const status = props.specSelectors.loadingStatus();
    if (status === 'loading' || !props.specSelectors.specStr()) {
      return h(
        'div',
        { className: 'swagger-ui' },
        h('p', { className: 'loading-note' }, 'Loading the reference…'),
      );
    }
    if (status === 'failed') {
      return h('div', { className: 'swagger-ui' }, h('p', null, 'The OpenAPI document could not be loaded.'));
    }
    return h(
      'div',
      { className: 'swagger-ui' },
      h(get('SvgAssets')),
      h(get('errors', true)),
      h(get('operations', true)),
      h(get('Models', true)),
    );
  }
  // An enum parameter is a bare <select>: wrap it in a label that names it (for screen readers).
  function labelEnums(Original: Component): Component {
    return function LabelledString(props) {
      const values = props.schema && props.schema.get ? props.schema.get('enum') : null;
      if (!values) return h(Original, props);
      return h(
        'label',
        null,
        h('span', { className: 'visually-hidden' }, props.description || 'Value'),
        h(Original, props),
      );
    };
  }
  return { components: { DocsLayout }, wrapComponents: { JsonSchema_string: labelEnums } };
}

window.addEventListener('DOMContentLoaded', () => {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: false,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    plugins: [DocsLayoutPlugin],
    layout: 'DocsLayout',
    defaultModelsExpandDepth: 0,
    syntaxHighlight: { activated: false },
  });
});

export {};
