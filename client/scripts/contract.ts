import path from 'node:path';
import ts from 'typescript';
import * as prettier from 'prettier';

/**
 * The client's contract (`client/src/contract.ts`): the input, output and error types of every
 * procedure of `server/api/procedures.ts`, written out in full by the compiler, so the published
 * declarations name no server module and need none of the server's dependencies. Each object schema
 * of domain/schemas (ResetSummary, Stats, Problem, …) becomes a named type that the others use, as in
 * docs/api-contract.md §2. Context and meta are the server's own business and are left out of the
 * router type (`object`).
 */
export async function generateContract(root: string): Promise<string> {
  const entry = path.join(root, 'server/api/procedures.ts');
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('tsconfig.json could not be read');
  const program = ts.createProgram([entry], { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const module = source && checker.getSymbolAtLocation(source);
  const alias = module && checker.getExportsOfModule(module).find((symbol) => symbol.name === 'AppRouter');
  if (!source || !alias) throw new Error('server/api/procedures.ts exports no AppRouter type');

  const property = (type: ts.Type, name: string): ts.Type => {
    const symbol = type.getProperty(name);
    if (!symbol) throw new Error(`AppRouter: no ${name} in ${checker.typeToString(type)}`);
    return checker.getTypeOfSymbol(symbol);
  };
  const printer = ts.createPrinter();
  // One line per type, so the same type reads the same wherever it is nested; prettier lays it out.
  const flags = ts.NodeBuilderFlags.NoTruncation;
  const print = (type: ts.Type): string => {
    const node = checker.typeToTypeNode(type, undefined, flags);
    if (!node) throw new Error(`AppRouter: cannot write ${checker.typeToString(type)}`);
    return printer.printNode(ts.EmitHint.Unspecified, node, source);
  };

  const definition = property(checker.getDeclaredTypeOfSymbol(alias), '_def');
  const errorShape = print(property(property(property(definition, '_config'), '$types'), 'errorShape'));
  const declarations: { name: string; doc: string; text: string }[] = [];
  const procedures: string[] = [];
  for (const procedure of property(definition, 'record').getProperties()) {
    const name = procedure.name;
    const types = property(checker.getTypeOfSymbol(procedure), '_def');
    const kind = print(property(types, 'type'));
    const procedureType = PROCEDURE_TYPES[kind];
    if (!procedureType)
      throw new Error(`AppRouter: ${name} is a ${kind}; the client knows queries and subscriptions`);
    const $types = property(types, '$types');
    const typeName = name.charAt(0).toUpperCase() + name.slice(1);
    declarations.push(
      { name: `${typeName}Input`, doc: `What \`${name}\` takes.`, text: print(property($types, 'input')) },
      {
        name: `${typeName}Output`,
        doc: `What \`${name}\` returns.`,
        text: print(property($types, 'output')),
      },
    );
    procedures.push(
      `${name}: ${procedureType}<{ input: ${typeName}Input; output: ${typeName}Output; meta: object }>;`,
    );
  }
  const shapes = namedShapes(program, checker, print);
  const named = nameShapes(shapes, [
    { name: 'ErrorShape', doc: ERROR_DOC, text: errorShape },
    ...declarations,
  ]);

  // tRPC's tracked event, which the compiler writes into a subscription's output: declared here as
  // tRPC declares it, since @trpc/server exports it only from its unstable entry point.
  const tracked = declarations.some(({ text }) => text.includes('TrackedData<'));
  const lines = [
    '// Generated from server/api/procedures.ts by `npm run client:contract`; do not edit.',
    `import type { TRPCBuiltRouter, TRPCDecorateCreateRouterOptions, ${[...new Set(Object.values(PROCEDURE_TYPES))].join(', ')}, TRPC_ERROR_CODE_NUMBER } from '@trpc/server';`,
    '',
    ...(tracked ? [TRACKED_DATA, ''] : []),
    ...named.flatMap(({ name, doc, text }) => [`/** ${doc} */`, `export type ${name} = ${text};`, '']),
    '/** The router type for `@trpc/client`: the procedures and their types, nothing of the server. */',
    'export type AppRouter = TRPCBuiltRouter<',
    '  { ctx: object; meta: object; errorShape: ErrorShape; transformer: false },',
    `  TRPCDecorateCreateRouterOptions<{ ${procedures.join(' ')} }>`,
    '>;',
  ];
  const options = await prettier.resolveConfig(path.join(root, 'client/src/contract.ts'));
  return prettier.format(lines.join('\n'), { ...options, parser: 'typescript' });
}

/** The procedure kinds the client knows, as the compiler prints them, and tRPC's type for each. */
const PROCEDURE_TYPES: Readonly<Record<string, string>> = {
  '"query"': 'TRPCQueryProcedure',
  '"subscription"': 'TRPCSubscriptionProcedure',
};

const TRACKED_DATA = [
  '/** A subscription event: its `id` (sent back as `lastEventId` on reconnecting) and its data. */',
  'export interface TrackedData<TData> { id: string; data: TData }',
].join('\n');

const ERROR_DOC =
  "The error every call can fail with: tRPC's envelope, with the REST problem in `data.problem`.";

interface Declaration {
  readonly name: string;
  readonly doc: string;
  readonly text: string;
}

/** The output type of every object schema that domain/schemas exports, but whole requests and responses, each shape once. */
function namedShapes(
  program: ts.Program,
  checker: ts.TypeChecker,
  print: (type: ts.Type) => string,
): Declaration[] {
  const file = program
    .getSourceFiles()
    .find((source) => source.fileName.endsWith('/domain/schemas/index.ts'));
  const module = file && checker.getSymbolAtLocation(file);
  if (!module) throw new Error('domain/schemas/index.ts is not part of the router program');
  const shapes: Declaration[] = [];
  for (const symbol of checker.getExportsOfModule(module)) {
    if (/(Query|Response)$/.test(symbol.name)) continue;
    const zod = checker.getTypeOfSymbol(symbol).getProperty('_zod');
    const output = zod && checker.getTypeOfSymbol(zod).getProperty('output');
    if (!output) continue;
    const text = print(checker.getTypeOfSymbol(output));
    // A second schema of the same shape (PublishedRecord, what the procedures answer records with)
    // is the same object of the API: it keeps the first one's name.
    if (text.startsWith('{') && !shapes.some((shape) => shape.text === text))
      shapes.push({ name: symbol.name, doc: `The \`${symbol.name}\` object of the API.`, text });
  }
  return shapes;
}

/**
 * The compiler writes a type out wherever it is nested: each occurrence of a shape's text becomes its
 * name, largest shapes first (so a shape inside another is named in that one's declaration too). The
 * declarations are all kept; the shapes only where they are used.
 */
function nameShapes(shapes: readonly Declaration[], declarations: readonly Declaration[]): Declaration[] {
  const all = [...shapes, ...declarations].map((declaration) => ({ ...declaration }));
  const bySize = all.slice(0, shapes.length).sort((a, b) => b.text.length - a.text.length);
  const used = new Set<string>();
  for (const shape of bySize) {
    for (const other of all) {
      if (other === shape || !other.text.includes(shape.text)) continue;
      other.text = other.text.split(shape.text).join(shape.name);
      used.add(shape.name);
    }
  }
  return all.filter((declaration, index) => index >= shapes.length || used.has(declaration.name));
}
