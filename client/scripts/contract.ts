import path from 'node:path';
import ts from 'typescript';
import * as prettier from 'prettier';

/**
 * The client's contract (`client/src/contract.ts`): the input, output and error types of every
 * procedure of `server/router.ts`, written out in full by the compiler, so the published declarations
 * name no server module and need none of the server's dependencies. Context and meta are the server's
 * own business and are left out of the router type (`object`).
 */
export async function generateContract(root: string): Promise<string> {
  const entry = path.join(root, 'server/router.ts');
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
  if (!source || !alias) throw new Error('server/router.ts exports no AppRouter type');

  const property = (type: ts.Type, name: string): ts.Type => {
    const symbol = type.getProperty(name);
    if (!symbol) throw new Error(`AppRouter: no ${name} in ${checker.typeToString(type)}`);
    return checker.getTypeOfSymbol(symbol);
  };
  const printer = ts.createPrinter();
  const flags = ts.NodeBuilderFlags.NoTruncation | ts.NodeBuilderFlags.MultilineObjectLiterals;
  const print = (type: ts.Type): string => {
    const node = checker.typeToTypeNode(type, undefined, flags);
    if (!node) throw new Error(`AppRouter: cannot write ${checker.typeToString(type)}`);
    return printer.printNode(ts.EmitHint.Unspecified, node, source);
  };

  const definition = property(checker.getDeclaredTypeOfSymbol(alias), '_def');
  const errorShape = property(property(property(definition, '_config'), '$types'), 'errorShape');
  const lines: string[] = [
    '// Generated from server/router.ts by `npm run client:contract`; do not edit.',
    "import type { TRPCBuiltRouter, TRPCDecorateCreateRouterOptions, TRPCQueryProcedure, TRPC_ERROR_CODE_NUMBER } from '@trpc/server';",
    '',
    "/** The error every call can fail with: tRPC's envelope, with the REST problem in `data.problem`. */",
    `export type ErrorShape = ${print(errorShape)};`,
    '',
  ];
  const procedures: string[] = [];
  for (const procedure of property(definition, 'record').getProperties()) {
    const name = procedure.name;
    const types = property(checker.getTypeOfSymbol(procedure), '_def');
    const kind = print(property(types, 'type'));
    if (kind !== '"query"') throw new Error(`AppRouter: ${name} is a ${kind}; the client knows only queries`);
    const $types = property(types, '$types');
    const typeName = name.charAt(0).toUpperCase() + name.slice(1);
    lines.push(
      `/** What \`${name}\` takes. */`,
      `export type ${typeName}Input = ${print(property($types, 'input'))};`,
      `/** What \`${name}\` returns. */`,
      `export type ${typeName}Output = ${print(property($types, 'output'))};`,
      '',
    );
    procedures.push(
      `${name}: TRPCQueryProcedure<{ input: ${typeName}Input; output: ${typeName}Output; meta: object }>;`,
    );
  }
  lines.push(
    '/** The router type for `@trpc/client`: the procedures and their types, nothing of the server. */',
    'export type AppRouter = TRPCBuiltRouter<',
    '  { ctx: object; meta: object; errorShape: ErrorShape; transformer: false },',
    `  TRPCDecorateCreateRouterOptions<{ ${procedures.join(' ')} }>`,
    '>;',
  );
  const options = await prettier.resolveConfig(path.join(root, 'client/src/contract.ts'));
  return prettier.format(lines.join('\n'), { ...options, parser: 'typescript' });
}
